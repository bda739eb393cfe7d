export { videoCoursesQuery } from './api'
export { VideoCoursesPage } from './components/video-courses-page'
