import { EnterprisePage } from '../../features/enterprise'
import { paths } from '../../config/paths'
import { listingQuery } from '../../lib/content/listing'
import { queryClient } from '../../lib/query-client'
import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(listingQuery(paths.enterprise(), 'landing')))
export const Component = EnterprisePage
