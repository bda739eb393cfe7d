export { agenciesQuery, enterpriseQuery, jobsQuery, sponsorsQuery, supportQuery } from './api'
