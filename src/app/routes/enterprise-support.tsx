import { supportQuery } from '@/features/enterprise'
import { SupportPage } from '@/features/enterprise/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(supportQuery()), { markdown: true })
export const Component = SupportPage
