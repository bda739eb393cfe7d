import { adminModulesQuery, AdminModules } from '../../features/admin'
import { queryClient } from '../../lib/query-client'

/** The figures are in the cache before the page renders. */
export const loader = () => queryClient.ensureQueryData(adminModulesQuery())

export const Component = AdminModules
