export { deployQuery, type DeployProvider } from './api'
export { DeployPage } from './components/deploy-page'
export { ProviderPage } from './components/provider-page'
export { ProviderCard } from './components/provider-card'
