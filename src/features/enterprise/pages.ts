// The feature's route components, for the lazily loaded route modules in src/app/routes
// only: were they exported from index.ts, which the main bundle imports for hooks and
// queries, every page would be bundled into the main bundle with it (lint enforces it).
export { AgenciesPage } from './components/agencies-page'
export { AgencyPage } from './components/agency-page'
export { EnterprisePage } from './components/enterprise-page'
export { JobsPage } from './components/jobs-page'
export { SponsorsPage } from './components/sponsors-page'
export { SupportPage } from './components/support-page'
