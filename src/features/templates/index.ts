export { templatesQuery } from './api'
export { TemplatesPage } from './components/templates-page'
