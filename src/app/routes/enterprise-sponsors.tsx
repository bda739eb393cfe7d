import { SponsorsPage, sponsorsQuery } from '../../features/enterprise'
import { queryClient } from '../../lib/query-client'
import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(sponsorsQuery()))
export const Component = SponsorsPage
