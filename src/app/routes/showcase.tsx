import { showcaseQuery } from '@/features/showcase'
import { ShowcasePage } from '@/features/showcase/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(showcaseQuery()))
export const Component = ShowcasePage
