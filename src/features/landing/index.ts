export { landingQuery } from './api'
export { LandingPage } from './components/landing-page'
