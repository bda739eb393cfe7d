export { designKitQuery } from './api'
export { DesignKitPage } from './components/design-kit-page'
