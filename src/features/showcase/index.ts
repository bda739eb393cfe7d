export { showcaseQuery } from './api'
export { ShowcasePage } from './components/showcase-page'
