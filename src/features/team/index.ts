export { teamQuery } from './api'
