import { apiUrl, site, storageKey } from '@/config/site'
import { type SignInError, signInErrors } from '@/contract/api-schemas'
import { paths } from '@/contract/paths'

import { refreshSession, type Session } from './api'

/** Set by the window that opens the sign-in popup; the popup removes it when it starts. */
export const LOGIN_MARKER_KEY = storageKey('sign-in-pending')

const POPUP_NAME = storageKey('sign-in')

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
    void refreshSession().then(onDone)
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

/**
 * The login page's message for a sign-in error code from `?error=`; undefined for
 * anything else, so text put in the URL is never shown as if the site said it.
 */
export function signInErrorMessage(code: string | null): string | undefined {
  if (!code || !(signInErrors as readonly string[]).includes(code)) return undefined
  const { providerName, clientIdEnv, clientSecretEnv } = site.auth
  const messages: Record<SignInError, string> = {
    'not-configured': `Sign-in is not configured on this server: set ${clientIdEnv} and ${clientSecretEnv}.`,
    'provider-refused': `${providerName} refused the sign-in. Please try again.`,
    expired: 'The sign-in expired or came from another window. Please try again.',
    'provider-unreachable': `${providerName} could not be reached to finish the sign-in. Please try again.`,
    'not-admin': `That ${providerName} account is not an administrator of this site.`,
    'link-invalid': 'This sign-in link is not valid: it was used already, has expired (links last 10 minutes) or was mistyped. Run npm run admin:link again.',
  }
  return messages[code as SignInError]
}

/**
 * Where a sign-in goes back to: an admin page named in `?redirect=`, never another
 * site or the login page itself; undefined otherwise.
 */
export function adminRedirectTarget(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined
  const url = new URL(value, 'http://x')
  const inAdmin = url.pathname === paths.admin() || url.pathname.startsWith(`${paths.admin()}/`)
  return inAdmin && url.pathname !== paths.adminLogin() ? `${url.pathname}${url.search}` : undefined
}

/**
 * SPEC point 4: the session is fetched again when a page comes back from the browser's
 * cache (back/forward cache): it may have signed in or out in another tab meanwhile.
 * Returns the listener's removal.
 */
export function refetchSessionOnRestore(win: Window = window, refetch: () => Promise<unknown> = refreshSession): () => void {
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) void refetch()
  }
  win.addEventListener('pageshow', onPageShow)
  return () => win.removeEventListener('pageshow', onPageShow)
}
