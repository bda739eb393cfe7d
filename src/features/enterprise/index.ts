export { agenciesQuery, sponsorsQuery, supportQuery } from './api'
export { AgenciesPage, EnterprisePage, JobsPage, SponsorsPage, SupportPage } from './components/enterprise-pages'
export { SponsorTiers } from './components/sponsor-tiers'
