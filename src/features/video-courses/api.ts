import { paths } from '@/contract/paths'
import { listingQuery } from '@/lib/content/listing'

/** /video-courses: the page's header and its videoCourses rows, from the page's payload (or the database). */
export const videoCoursesQuery = () => listingQuery(paths.videoCourses(), 'videoCourses')
