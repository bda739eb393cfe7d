import { AdminLoginPage } from '@/features/admin/pages'

/** /admin/login: no layout, always dark; the guest middleware ran in the parent loader. */
export const Component = AdminLoginPage
