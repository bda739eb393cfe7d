import { SupportPage, supportQuery } from '../../features/enterprise'
import { queryClient } from '../../lib/query-client'
import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(supportQuery()), { markdown: true })
export const Component = SupportPage
