import { AdminLoginPage } from '../../features/admin'

/** /admin/login: no layout, always dark; the guest middleware ran in the parent loader. */
export const Component = AdminLoginPage
