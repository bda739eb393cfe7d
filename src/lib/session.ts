import { create } from 'zustand'

import { apiUrl, site } from '../config/site'

/** The session as GET {api}/_auth/session returns it: logged in when it has a user. */
export interface Session {
  user?: { login?: string; name?: string; avatar?: string; [key: string]: unknown }
  loggedInAt?: string
}

/** Set by the window that opens the sign-in popup; the popup removes it when it starts. */
export const LOGIN_MARKER_KEY = 'temp-fjord-auth'

const POPUP_NAME = 'fjord-sign-in'


/**
 * Reads the session: JSON, no retries. A failed fetch (no API, network error, not
 * JSON) leaves the session empty rather than failing the page.
 */
export async function fetchSession(): Promise<Session> {
  try {
    const res = await fetch(apiUrl('/_auth/session'), { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    if (!res.ok) return {}
    const body: unknown = await res.json()
    if (typeof body !== 'object' || body === null || !('user' in body) || typeof body.user !== 'object' || body.user === null) return {}
    return { user: { ...body.user }, ...('loggedInAt' in body && typeof body.loggedInAt === 'string' ? { loggedInAt: body.loggedInAt } : {}) }
  } catch {
    return {}
  }
}

interface SessionState {
  session: Session
  /** Whether the first fetch has answered. */
  ready: boolean
  loggedIn: boolean
  /** The session, fetched once; `refresh` fetches again. */
  ensure(): Promise<Session>
  refresh(): Promise<Session>
  logout(): Promise<void>
}

let pending: Promise<Session> | undefined

export const useSession = create<SessionState>()((set, get) => ({
  session: {},
  ready: false,
  loggedIn: false,
  ensure() {
    if (get().ready) return Promise.resolve(get().session)
    pending ??= get().refresh()
    return pending
  },
  async refresh() {
    const next = fetchSession()
    pending = next
    const session = await next
    set({ session, ready: true, loggedIn: Boolean(session.user) })
    return session
  },
  async logout() {
    try {
      await fetch(apiUrl('/_auth/session'), { method: 'DELETE', credentials: 'same-origin' })
    } finally {
      pending = Promise.resolve({})
      set({ session: {}, ready: true, loggedIn: false })
    }
  },
}))

/** The sign-in URL: the API starts the provider's flow and comes back to the site. */
export const signInUrl = () => apiUrl('/_auth/oauth')

/**
 * Opens the provider's sign-in in a centred popup (SPEC: 960 × 600 by default) and
 * refetches the session when the popup reports back by removing the marker. A
 * blocked popup falls back to signing in in this window.
 */
export function openSignInPopup(win: Window = window, onDone: (session: Session) => void = () => {}): void {
  const { width, height } = site.auth.popup
  const left = win.screenX + Math.max(0, (win.outerWidth - width) / 2)
  const top = win.screenY + Math.max(0, (win.outerHeight - height) / 2)
  try {
    win.localStorage.setItem(LOGIN_MARKER_KEY, 'true')
  } catch {
    // No storage: the popup cannot report back, so sign in in this window.
    win.location.assign(signInUrl())
    return
  }
  // Already the popup (retrying after an error): carry on in this window.
  if (win.name === POPUP_NAME && win.opener) {
    win.location.assign(signInUrl())
    return
  }
  const popup = win.open(signInUrl(), POPUP_NAME, `popup=yes,width=${width},height=${height},left=${left},top=${top}`)
  if (!popup) {
    win.location.assign(signInUrl())
    return
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LOGIN_MARKER_KEY || event.newValue !== null) return
    win.removeEventListener('storage', onStorage)
    void useSession.getState().refresh().then(onDone)
  }
  win.addEventListener('storage', onStorage)
}

/**
 * Runs at startup. In the popup, back from the provider: removes the marker (which
 * tells the opener to refetch) and closes the window unless the URL carries an error
 * to show.
 */
export function finishSignInPopup(win: Window = window): void {
  let marked = false
  try {
    marked = win.localStorage.getItem(LOGIN_MARKER_KEY) !== null
    if (marked && win.opener) win.localStorage.removeItem(LOGIN_MARKER_KEY)
  } catch {
    return
  }
  if (marked && win.opener && !new URL(win.location.href).searchParams.has('error')) win.close()
}
