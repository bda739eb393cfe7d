import { AdminDashboard, dashboardQuery } from '../../features/admin'
import { queryClient } from '../../lib/query-client'

/** The dashboard's data is in the cache before it renders. */
export const loader = () => queryClient.ensureQueryData(dashboardQuery())

export const Component = AdminDashboard
