import { redirect } from 'react-router-dom'

import { paths } from '../config/paths'

/** The session as GET /api/_auth/session returns it: logged in when it has a user. */
export interface Session {
  user?: { name?: string; [key: string]: unknown }
}

export type MiddlewareName = 'auth' | 'guest'

/**
 * Reads the session: JSON, no retries. A failed fetch (no API, network error, not
 * JSON) leaves the session empty rather than failing the page.
 */
export async function fetchSession(apiBase: string): Promise<Session> {
  try {
    const res = await fetch(`${apiBase.replace(/\/$/, '')}/_auth/session`, { headers: { Accept: 'application/json' } })
    if (!res.ok) return {}
    const body: unknown = await res.json()
    return typeof body === 'object' && body !== null && 'user' in body && typeof body.user === 'object' && body.user !== null ? { user: { ...body.user } } : {}
  } catch {
    return {}
  }
}

const middleware: Record<MiddlewareName, (session: Session) => Response | undefined> = {
  // Guests are sent to the login page; the guard's details are the admin issue's.
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
