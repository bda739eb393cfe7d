import { redirect } from 'react-router-dom'

import { site } from '../config/site'
import { paths } from '../contract/paths'
import { adminRedirectTarget, ensureSession, type Session } from '../features/admin'

export type MiddlewareName = 'auth' | 'guest'

const middleware: Record<MiddlewareName, (session: Session, url: URL | undefined) => Response | undefined> = {
  // A guest goes to the login page, which brings them back to the page they asked for.
  auth: (session, url) => {
    if (session.user) return undefined
    const back = url && url.pathname !== paths.admin() ? adminRedirectTarget(`${url.pathname}${url.search}`) : undefined
    return redirect(back ? `${paths.adminLogin()}?redirect=${encodeURIComponent(back)}` : paths.adminLogin())
  },
  // A signed-in administrator skips the login page.
  guest: (session, url) => (session.user ? redirect(adminRedirectTarget(url?.searchParams.get('redirect')) ?? paths.admin()) : undefined),
}

/** Runs the named route middleware in order, for the page at `url`; the first redirect wins. */
export function runMiddleware(names: readonly string[], session: Session, url?: URL): Response | undefined {
  for (const name of names) {
    if (!isMiddlewareName(name)) throw new Error('Unknown route middleware')
    const result = middleware[name](session, url)
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
export async function guardRoute(path: string, url?: URL): Promise<void> {
  const names = Object.hasOwn(site.middleware, path) ? (site.middleware[path] ?? []) : []
  if (!names.length) return
  const result = runMiddleware(names, await ensureSession(), url)
  if (result) throw result
}
