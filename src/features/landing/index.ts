export { landingQuery } from './api'
