export { designKitQuery } from './api'
