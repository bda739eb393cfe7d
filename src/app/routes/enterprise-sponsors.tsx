import { sponsorsQuery } from '@/features/enterprise'
import { SponsorsPage } from '@/features/enterprise/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(sponsorsQuery()))
export const Component = SponsorsPage
