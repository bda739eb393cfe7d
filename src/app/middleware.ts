import { redirect } from 'react-router-dom'

import { paths } from '../config/paths'
import { site } from '../config/site'
import { ensureSession, type Session } from '../features/admin'

export type MiddlewareName = 'auth' | 'guest'

const middleware: Record<MiddlewareName, (session: Session) => Response | undefined> = {
  // Guests are sent to the login page; signed-in administrators skip it.
  auth: (session) => (session.user ? undefined : redirect(paths.adminLogin())),
  guest: (session) => (session.user ? redirect(paths.admin()) : undefined),
}

/** Runs the named route middleware in order; the first redirect wins. */
export function runMiddleware(names: readonly string[], session: Session): Response | undefined {
  for (const name of names) {
    if (!isMiddlewareName(name)) throw new Error('Unknown route middleware')
    const result = middleware[name](session)
    if (result) return result
  }
  return undefined
}

function isMiddlewareName(name: string): name is MiddlewareName {
  return Object.hasOwn(middleware, name)
}

/**
 * A loader step for routes with middleware in the site config (SPEC: /admin needs
 * auth, /admin/login guest): fetches the session once and throws the guard's redirect.
 */
export async function guardRoute(path: string): Promise<void> {
  const names = Object.hasOwn(site.middleware, path) ? (site.middleware[path] ?? []) : []
  if (!names.length) return
  const result = runMiddleware(names, await ensureSession())
  if (result) throw result
}
