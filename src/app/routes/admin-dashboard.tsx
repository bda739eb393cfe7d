import { adminContentQuery, AdminDashboard } from '../../features/admin'
import { queryClient } from '../../lib/query-client'

/** The overview's data is in the cache before it renders. */
export const loader = () => queryClient.ensureQueryData(adminContentQuery())

export const Component = AdminDashboard
