export { agenciesQuery, enterpriseQuery, jobsQuery, sponsorsQuery, supportQuery } from './api'
export { SponsorTiers } from './components/sponsor-tiers'
