export { deployQuery } from './api'
export { DeployPage } from './components/deploy-page'
