export { templatesQuery } from './api'
