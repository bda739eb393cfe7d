import { routeUrl } from '@/config/site'
import { paths } from '@/contract/paths'
import { adminModulesQuery } from '@/features/admin'
import { AdminModules } from '@/features/admin/pages'
import { queryClient } from '@/lib/query-client'

import { guardRoute } from '../middleware'

/**
 * The data is in the cache before the page renders. Loaders run side by side, so this
 * one waits for the admin guard's answer first: a guest never calls the admin API.
 */
export async function loader({ request }: { request: Request }) {
  await guardRoute(paths.admin(), routeUrl(request))
  return queryClient.ensureQueryData(adminModulesQuery())
}

export const Component = AdminModules
