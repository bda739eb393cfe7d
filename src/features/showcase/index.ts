export { showcaseQuery } from './api'
