import { randomBytes } from 'node:crypto'

import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'

import type { Session, SignInError } from '../../src/contract/api-schemas'
import { withBase } from '../../src/contract/base'
import { brandKey } from '../../src/contract/brand-key'
import { isRecord } from '../../src/contract/is-record'
import { paths } from '../../src/contract/paths'
import type { SiteConfig } from '../../src/contract/site-schema'
import { listedAdmin } from '../admin/admins'
import type { AdminSessions } from '../admin/session-cookie'
import type { SessionUser } from '../admin/sessions'
import { redeemSignInToken } from '../admin/sign-in-links'
import type { Newsletter } from '../newsletter/index'
import type { RateLimit } from '../security/rate-limit'
import { sameSecret, secureCookies } from '../security/request'
import type { ServerSettings } from '../security/settings'
import { rateLimited } from './respond'

const PROVIDER_TIMEOUT_MS = 5000

export interface AuthRouteOptions {
  config: SiteConfig
  settings: ServerSettings
  sessions: AdminSessions
  /** Where the OAuth client id and secret are read. */
  env: Readonly<Record<string, string | undefined>>
  /** The clock of sign-in links. */
  now: () => number
  /** Calls to the OAuth provider (a stand-in in tests). */
  fetch: typeof fetch
  /** The server database, which holds the sign-in links. */
  newsletter: () => Promise<Newsletter>
  signInLimit: RateLimit
}

/**
 * The admin's sign-in:
 * - `GET|DELETE /_auth/session`: the admin session, kept in the server database and
 *   named by a signed, HTTP-only cookie (server/admin/session-cookie.ts); DELETE ends
 *   it on the server;
 * - `GET /_auth/oauth`: the popup sign-in, an OAuth authorization-code flow against
 *   the configured provider, letting in only the logins listed in `auth.admins`;
 * - `GET /_auth/link?token=`: a one-time sign-in link from `npm run admin:link`.
 * Sign-in failures land on the login page with a known `?error=` code, which keeps
 * the popup open to show its message.
 */
export function authRoutes({ config, settings, sessions, env, now, fetch: request, newsletter, signInLimit }: AuthRouteOptions): Hono {
  const routes = new Hono()
  const { auth } = config
  // As the browser requests it: under the site's base (the state cookie's path and the provider's redirect URI).
  const oauthPath = withBase(config.base, `${config.api.baseUrl.replace(/\/$/, '')}/_auth/oauth`)
  const stateCookie = `${brandKey(config.brand)}-oauth-state`
  const signIn = (c: Context, user: SessionUser) => sessions.start(c, user)

  routes.get('/_auth/session', async (c) => {
    const { session } = await sessions.check(c)
    const body: Session = session ? { user: { ...session.user }, loggedInAt: new Date(session.createdAt).toISOString() } : {}
    return c.json(body, 200, { 'Cache-Control': 'no-store' })
  })

  // Ends the session on the server at once (a copy of the cookie no longer works), then clears the cookie.
  routes.delete('/_auth/session', async (c) => {
    await sessions.end(c)
    return c.json({}, 200, { 'Cache-Control': 'no-store' })
  })

  routes.get('/_auth/oauth', rateLimited({ bucket: 'sign-in', rule: signInLimit, what: 'sign-in attempts from this address' }, settings, newsletter), async (c) => {
    // The login page shows its own message for each known code, never text from the URL.
    const fail = (code: SignInError) => c.redirect(`${paths.adminLogin()}?error=${code}`, 302)
    const clientId = env[auth.clientIdEnv]
    const clientSecret = env[auth.clientSecretEnv]
    if (!clientId || !clientSecret) return fail('not-configured')
    // Built on the configured public URL: a forged Host header cannot move it.
    const redirectUri = new URL(oauthPath, settings.publicUrl).href
    const secure = secureCookies(c, settings)
    const providerError = c.req.query('error')
    if (providerError) return fail('provider-refused')

    const code = c.req.query('code')
    if (!code) {
      const state = randomBytes(16).toString('hex')
      setCookie(c, stateCookie, state, { path: oauthPath, httpOnly: true, sameSite: 'Lax', secure, maxAge: 600 })
      const target = new URL(auth.authorizeUrl)
      target.search = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, state, scope: 'read:user' }).toString()
      return c.redirect(target.toString(), 302)
    }

    const expected = getCookie(c, stateCookie)
    deleteCookie(c, stateCookie, { path: oauthPath, secure })
    if (!expected || !sameSecret(expected, c.req.query('state') ?? '')) return fail('expired')

    let user: SessionUser
    try {
      user = await providerUser(request, config, { clientId, clientSecret, code, redirectUri })
    } catch (error) {
      console.error('sign-in:', error instanceof Error ? error.message : error)
      return fail('provider-unreachable')
    }
    if (!listedAdmin(config, user.login)) {
      console.warn(`sign-in: ${user.login} is not listed in auth.admins`)
      return fail('not-admin')
    }
    await signIn(c, user)
    return c.redirect(paths.admin(), 302)
  })

  // `npm run admin:link -- <login>` prints a link here: used once, within 10 minutes,
  // for a login still listed in auth.admins; it signs in as the popup flow does.
  routes.get('/_auth/link', rateLimited({ bucket: 'sign-in-link', rule: signInLimit, what: 'sign-in attempts from this address' }, settings, newsletter), async (c) => {
    const token = c.req.query('token') ?? ''
    const login = token ? await redeemSignInToken((await newsletter()).db, token, now()) : undefined
    if (!login) return c.redirect(`${paths.adminLogin()}?error=link-invalid`, 302)
    if (!listedAdmin(config, login)) return c.redirect(`${paths.adminLogin()}?error=not-admin`, 302)
    await signIn(c, { login, name: login, avatar: '' })
    return c.redirect(paths.admin(), 302)
  })
  return routes
}

/** The OAuth code exchanged for a token, and the token for the user's login, name and avatar. */
async function providerUser(
  request: typeof fetch,
  { auth }: SiteConfig,
  { clientId, clientSecret, code, redirectUri }: { clientId: string; clientSecret: string; code: string; redirectUri: string },
): Promise<SessionUser> {
  const token = await providerJson(request, auth.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, code, redirect_uri: redirectUri }),
  })
  if (!isRecord(token) || typeof token.access_token !== 'string') throw new Error('no access token in the reply')
  const profile = await providerJson(request, auth.userUrl, { headers: { Authorization: `Bearer ${token.access_token}`, Accept: 'application/json' } })
  if (!isRecord(profile) || typeof profile.login !== 'string') throw new Error('no login in the user reply')
  return {
    login: profile.login,
    name: typeof profile.name === 'string' && profile.name ? profile.name : profile.login,
    avatar: typeof profile.avatar_url === 'string' ? profile.avatar_url : '',
  }
}

async function providerJson(request: typeof fetch, url: string, init: RequestInit): Promise<unknown> {
  const res = await request(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) })
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  return res.json()
}
