// The feature's route components, for the lazily loaded route modules in src/app/routes
// only: were they exported from index.ts, which the main bundle imports for hooks and
// queries, every page would be bundled into the main bundle with it (lint enforces it).
export { DeployPage } from './components/deploy-page'
export { ProviderPage } from './components/provider-page'
