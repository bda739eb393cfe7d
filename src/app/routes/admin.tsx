import { AdminLayout } from '../layouts/admin-layout'

/** /admin: the admin layout; the auth middleware ran in the route's loader. */
export const Component = AdminLayout
