import { ModulePage, moduleQuery } from '../../features/modules'
import { queryClient } from '../../lib/query-client'
import { pageLoader } from './page-loader'

export const loader = pageLoader(({ params }) => queryClient.ensureQueryData(moduleQuery(params.slug ?? '')))
export const Component = ModulePage
