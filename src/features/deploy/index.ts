export { deployQuery, type DeployProvider } from './api'
export { ProviderCard } from './components/provider-card'
