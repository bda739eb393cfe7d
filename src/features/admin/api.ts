import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiUrl } from '../../config/site'
import { sessionSchema, type Session } from '../../lib/api/schemas'
import { fetchLatestBuild } from '../../lib/build-updates'
import { getManifest } from '../../lib/content/manifest'
import { queryClient } from '../../lib/query-client'

export type { Session }

/**
 * Reads the session: JSON, no retries. A failed fetch (no API, network error, not
 * JSON, not a session) leaves the session empty rather than failing the page.
 */
export async function fetchSession(): Promise<Session> {
  try {
    const res = await fetch(apiUrl('/_auth/session'), { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    if (!res.ok) return {}
    const session = sessionSchema.safeParse(await res.json())
    return session.success && session.data.user ? session.data : {}
  } catch {
    return {}
  }
}

/** The admin session (SPEC point 4): fetched at startup, once; refetched after a popup sign-in. */
export function sessionQuery() {
  return queryOptions({ queryKey: ['api', 'session'], queryFn: fetchSession, staleTime: Infinity, retry: false })
}

/** The session, fetched once; guards wait for the same request. */
export const ensureSession = () => queryClient.ensureQueryData(sessionQuery())

/** Fetches the session again (after the sign-in popup reports back). */
export const refreshSession = () => queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 })

/** Signs out: a DELETE, then an empty session whatever the answer. */
export async function logout(): Promise<void> {
  try {
    // JSON like every state-changing call: the API refuses anything else.
    await fetch(apiUrl('/_auth/session'), { method: 'DELETE', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' } })
  } finally {
    queryClient.setQueryData(sessionQuery().queryKey, {})
  }
}

/** The session in a component: logged in when it has a user. */
export function useSession() {
  const { data: session = {}, isFetched } = useQuery(sessionQuery())
  return { session, ready: isFetched, loggedIn: Boolean(session.user) }
}

/** The dashboard: the content manifest and the build that is live now (never cached). */
export function dashboardQuery() {
  return queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: async () => {
      const [manifest, build] = await Promise.all([getManifest(), fetchLatestBuild().catch(() => undefined)])
      return { manifest, build }
    },
    staleTime: 0,
  })
}
