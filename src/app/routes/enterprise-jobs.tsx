import { jobsQuery } from '@/features/enterprise'
import { JobsPage } from '@/features/enterprise/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(jobsQuery()))
export const Component = JobsPage
