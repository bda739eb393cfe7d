import { AgenciesPage, agenciesQuery } from '../../features/enterprise'
import { queryClient } from '../../lib/query-client'
import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(agenciesQuery()))
export const Component = AgenciesPage
