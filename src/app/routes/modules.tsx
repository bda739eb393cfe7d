import { ModulesPage, modulesQuery } from '../../features/modules'
import { queryClient } from '../../lib/query-client'
import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(modulesQuery()))
export const Component = ModulesPage
