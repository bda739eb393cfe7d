export { deployQuery, type DeployProvider } from './api'
