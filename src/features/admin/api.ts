import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { apiUrl } from '@/config/site'
import {
  adminContentResponseSchema,
  adminModulesResponseSchema,
  adminSessionsEndedResponseSchema,
  type AdminSubscribersRequest,
  adminSubscribersResponseSchema,
  apiErrorSchema,
  type Session,
  sessionSchema,
} from '@/contract/api-schemas'
import { isOffline } from '@/lib/kept-fetch'
import { queryClient } from '@/lib/query-client'

export type { Session }

/**
 * Reads the session: JSON, no retries. A failed fetch (no API, network error, not
 * JSON, not a session) or no connection leaves the session empty rather than failing the page.
 */
export async function fetchSession(): Promise<Session> {
  // Offline the API is known to be out of reach: not asked (a failed request is a console
  // error), and asked again once the connection is back.
  if (isOffline()) {
    window.addEventListener('online', () => void queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey, refetchType: 'all' }), { once: true })
    return {}
  }
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

/**
 * Forgets what the admin area loaded, so none of it stays in memory for whoever uses
 * the tab next. The login page calls it: by then no admin page is on screen to fetch
 * its data again.
 */
export const forgetAdminData = () => queryClient.removeQueries({ queryKey: ['admin'] })

/** A failed admin API call: its status (401 signed out, 403 not an admin…) and the server's message. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'AdminApiError'
  }
}

/** An admin API call (`{api}/admin/...`) with the session cookie; its body parsed with `schema`. */
async function adminRequest<T>(path: string, schema: { parse: (value: unknown) => T }, init: RequestInit = {}): Promise<T> {
  let res: Response
  try {
    res = await fetch(apiUrl(`/admin${path}`), { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...init.headers } })
  } catch {
    throw new AdminApiError(0, 'The server could not be reached. Check your connection and try again.')
  }
  const body: unknown = await res.json().catch(() => undefined)
  if (!res.ok) throw new AdminApiError(res.status, apiErrorSchema.safeParse(body).data?.message ?? `The server answered ${res.status}.`)
  return schema.parse(body)
}

/** The admin's subscriber list state, as its URL query holds it. */
export type SubscriberFilters = Partial<AdminSubscribersRequest>

const filterParams = (filters: SubscriberFilters) =>
  new URLSearchParams(Object.entries(filters).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])))

/** One page of subscribers; the previous page stays on screen while the next loads. */
export function subscribersQuery(filters: SubscriberFilters) {
  return queryOptions({
    queryKey: ['admin', 'subscribers', filters],
    queryFn: () => adminRequest(`/subscribers?${filterParams(filters).toString()}`, adminSubscribersResponseSchema),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  })
}

/** The CSV export of what the filters match (every page), as a download link. */
export function subscribersCsvUrl({ q, status, address }: SubscriberFilters): string {
  return apiUrl(`/admin/subscribers.csv?${filterParams({ q, status, address }).toString()}`)
}

/** Deletes a subscriber; the lists are fetched again. */
export async function deleteSubscriber(id: number): Promise<void> {
  await adminRequest(`/subscribers/${id}`, { parse: (value) => value }, { method: 'DELETE', headers: { 'Content-Type': 'application/json' } })
  await queryClient.invalidateQueries({ queryKey: ['admin', 'subscribers'] })
}

/** What is deployed: the build, the collections and their dumps, the docs, the build's warnings. */
export function adminContentQuery() {
  return queryOptions({ queryKey: ['admin', 'content'], queryFn: () => adminRequest('/content', adminContentResponseSchema), staleTime: 0, retry: false })
}

/** The module directory in figures. */
export function adminModulesQuery() {
  return queryOptions({ queryKey: ['admin', 'modules'], queryFn: () => adminRequest('/modules', adminModulesResponseSchema), staleTime: 0, retry: false })
}

/**
 * Signs the signed-in login out everywhere: the server ends every one of its sessions,
 * on every device, this one included; then the session here is empty. A 401 (this
 * session had already ended) counts as done; any other failure is thrown, and the
 * session here stays as it was.
 */
export async function signOutEverywhere(): Promise<void> {
  try {
    await adminRequest('/sessions', adminSessionsEndedResponseSchema, { method: 'DELETE', headers: { 'Content-Type': 'application/json' } })
  } catch (failure) {
    if (!(failure instanceof AdminApiError && failure.status === 401)) throw failure
  }
  queryClient.setQueryData(sessionQuery().queryKey, {})
}
