import { agenciesQuery } from '@/features/enterprise'
import { AgenciesPage } from '@/features/enterprise/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(agenciesQuery()))
export const Component = AgenciesPage
