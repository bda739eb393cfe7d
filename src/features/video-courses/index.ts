export { videoCoursesQuery } from './api'
