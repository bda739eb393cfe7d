import { enterpriseQuery } from '@/features/enterprise'
import { EnterprisePage } from '@/features/enterprise/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(enterpriseQuery()))
export const Component = EnterprisePage
