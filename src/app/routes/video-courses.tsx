import { videoCoursesQuery } from '@/features/video-courses'
import { VideoCoursesPage } from '@/features/video-courses/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(videoCoursesQuery()))
export const Component = VideoCoursesPage
