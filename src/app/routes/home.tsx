import { landingQuery } from '@/features/landing'
import { LandingPage } from '@/features/landing/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(landingQuery()), { markdown: true })
export const Component = LandingPage
