export { teamQuery } from './api'
export { TeamPage } from './components/team-page'
