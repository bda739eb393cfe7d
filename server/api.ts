import { createHash, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { cors } from 'hono/cors'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod/mini'

import { isRecord } from '../src/contract/is-record'
import { paths } from '../src/contract/paths'
import type { SiteConfig } from '../src/contract/site-schema'
import {
  confirmRequestSchema,
  modulesResponseSchema,
  statsSchema,
  subscribeRequestSchema,
  unsubscribeRequestSchema,
  type Session,
  type SignInError,
} from '../src/contract/api-schemas'
import { listedAdmin } from './admin/admins'
import { createAdminApi } from './admin/api'
import { adminSessions } from './admin/session-cookie'
import type { SessionUser } from './admin/sessions'
import { redeemSignInToken } from './admin/sign-in-links'
import { iconData, MAX_ICONS_PER_REQUEST } from '../content-build/runtime'
import { createPreviewApi } from './preview'
import { openNewsletter, type Newsletter, type NewsletterOptions } from './newsletter/index'
import { RateLimiter, retryMessage, type RateLimit } from './security/rate-limit'
import { clientAddress, crossSiteRefusal, sameSecret, secureCookies } from './security/request'
import type { ServerSettings } from './security/settings'
import type { BuiltSite } from './site'

export { SESSION_COOKIE } from './admin/session-cookie'
const STATE_COOKIE = 'fjord-oauth-state'
const PROVIDER_TIMEOUT_MS = 5000
/** Newsletter and sign-in requests are a few hundred bytes; nothing in the API takes more. */
export const MAX_API_BODY = 4 * 1024

/** Requests per client address, per endpoint group. */
export const DEFAULT_LIMITS: Record<'subscribe' | 'confirm' | 'signIn', RateLimit> = {
  subscribe: { limit: 10, windowMs: 10 * 60_000 },
  confirm: { limit: 20, windowMs: 10 * 60_000 },
  signIn: { limit: 20, windowMs: 10 * 60_000 },
}

export interface ApiOptions {
  site: BuiltSite
  config: SiteConfig
  /** The public URL (OAuth redirect URI, email links), proxy trust and allowed origins. */
  settings: ServerSettings
  /** Rate limits per client address (defaults: DEFAULT_LIMITS). */
  limits?: Partial<typeof DEFAULT_LIMITS>
  /** Where the OAuth client id and secret are read (defaults to process.env). */
  env?: Readonly<Record<string, string | undefined>>
  /** Signs the session cookie; FJORD_SESSION_SECRET, else random per process (sessions end on restart). */
  secret?: string
  /** The clock of admin sessions (maximum age, idle timeout) and sign-in links; tests move it. */
  now?: () => number
  /** Calls to the OAuth provider (a stand-in in tests). */
  fetch?: typeof fetch
  /** Where the server database and the mail outbox are kept (FJORD_DATA_DIR, else .data). */
  dataDir?: string
  /** The newsletter's clock, mailer and queue timings (tests). */
  newsletter?: Pick<NewsletterOptions, 'now' | 'mailer' | 'queue' | 'log'>
}

/** The newsletter API's messages (the signup form and the confirmation toast show them). */
export const ALREADY_SUBSCRIBED = 'This email address is already subscribed to the newsletter.'
export const INVALID_CONFIRMATION = 'This confirmation link is invalid or has expired.'
export const INVALID_UNSUBSCRIBE = 'This unsubscribe link is invalid or has already been used.'
const NOT_JSON = 'The request body must be JSON.'

/**
 * An API error, `{statusCode, message}`. The signup form reads its message as a JSON
 * list of `{message}` (SPEC point 7), so that route's messages are wrapped in one.
 */
function apiError(c: Context, status: ContentfulStatusCode, message: string, headers?: Record<string, string>): Response {
  const listed = c.req.path.endsWith('/newsletter/subscribe')
  return c.json({ statusCode: status, message: listed ? JSON.stringify([{ message }]) : message }, status, headers)
}

/** At most `rule` requests per client address; past it, 429 with Retry-After. */
function rateLimited(rule: RateLimit, what: string, settings: ServerSettings): MiddlewareHandler {
  const limiter = new RateLimiter(rule)
  return async (c, next) => {
    const wait = limiter.hit(clientAddress(c, settings))
    if (wait !== undefined) return apiError(c, 429, retryMessage(what, wait), { 'Retry-After': String(wait) })
    await next()
  }
}

/**
 * The built-in product API, same-origin under `api.baseUrl`:
 * - `GET /stats`: the release and ecosystem figures written by the content build;
 * - `GET /modules`: every module and the ecosystem figures, also from the build;
 * - `POST /newsletter/subscribe|confirm|unsubscribe`: the newsletter signup, its
 *   confirmation and its end (server/newsletter: libSQL, a mail queue);
 * - `GET|DELETE /_auth/session`: the admin session, kept in the server database and
 *   named by a signed, HTTP-only cookie (server/admin/session-cookie.ts); DELETE ends
 *   it on the server;
 * - `GET /_auth/oauth`: the popup sign-in, an OAuth authorization-code flow against
 *   the configured provider, letting in only the logins listed in `auth.admins`;
 * - `GET /_auth/link?token=`: a one-time sign-in link from `npm run admin:link`;
 * - `/admin/...`: the admin API (server/admin/api.ts), for signed-in administrators;
 * - `/_preview/...`: draft pages for a valid preview token (server/preview.ts).
 * Sign-in failures land on the login page with a known `?error=` code, which keeps
 * the popup open to show its message.
 *
 * Every body is capped at 4 KB; every state-changing request must come from the
 * site (or an allowed origin) and send JSON; signup, confirmation and sign-in are
 * rate limited per client address.
 */
export function createApi({
  site,
  config,
  settings,
  limits,
  env = process.env,
  secret,
  now = Date.now,
  fetch: request = fetch,
  dataDir,
  newsletter: newsletterOptions,
}: ApiOptions): Hono {
  const api = new Hono()
  const key = secret ?? env.FJORD_SESSION_SECRET ?? randomBytes(32).toString('hex')
  const { auth } = config
  const rules = { ...DEFAULT_LIMITS, ...limits }
  const oauthPath = `${config.api.baseUrl.replace(/\/$/, '')}/_auth/oauth`

  // A docs site on another allowed domain may call the API from the browser.
  if (settings.allowedOrigins.length) {
    api.use('*', cors({ origin: [...settings.allowedOrigins], allowMethods: ['GET', 'POST', 'DELETE'], allowHeaders: ['Content-Type'], maxAge: 600 }))
  }
  api.use('*', bodyLimit({ maxSize: MAX_API_BODY, onError: (c) => apiError(c, 413, `The request body is larger than ${MAX_API_BODY / 1024} KB.`) }))
  api.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', async (c, next) => {
    const refusal = crossSiteRefusal(c, settings)
    if (refusal) return apiError(c, 403, refusal)
    await next()
  })

  // Figures written by the content build, read once, validated, and served with an ETag.
  const buildFile = <T>(name: string, schema: z.ZodMiniType<T>) => {
    let loaded: Promise<{ body: string; etag: string }> | undefined
    return async (c: Context) => {
      loaded ??= readFile(join(site.distDir, 'builds', name), 'utf8')
        .then((text) => {
          const body = JSON.stringify(schema.parse(JSON.parse(text)))
          return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` }
        })
        .catch((error: unknown) => {
          // A missing or broken file is read again on the next request, not cached as a failure.
          loaded = undefined
          throw error
        })
      const { body, etag } = await loaded
      const headers = { 'Cache-Control': 'public, max-age=300', ETag: etag, 'Content-Type': 'application/json; charset=utf-8' }
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
      return c.body(body, 200, headers)
    }
  }
  api.get('/stats', buildFile('stats.json', statsSchema))
  api.get('/modules', buildFile('modules.json', modulesResponseSchema))

  // Opened (and migrated) now; the routes wait for it. A failure is logged and tried
  // again by the next request, not kept as the answer to every one.
  let newsletter: Promise<Newsletter> | undefined
  const openedNewsletter = () =>
    (newsletter ??= openNewsletter({
      dataDir: dataDir ?? env.FJORD_DATA_DIR ?? join(site.distDir, '..', '.data'),
      env,
      site: { url: settings.publicUrl, brand: config.brand.name },
      ...newsletterOptions,
    }).catch((error: unknown) => {
      newsletter = undefined
      console.error(`newsletter: the database could not be opened: ${error instanceof Error ? error.message : String(error)}`)
      throw error
    }))
  void openedNewsletter().catch(() => undefined)

  api.post('/newsletter/subscribe', rateLimited(rules.subscribe, 'signups from this address', settings), async (c) => {
    const json = await readJson(c)
    if (!json.ok) return apiError(c, 400, NOT_JSON)
    const body = subscribeRequestSchema.safeParse(json.value)
    if (!body.success) return apiError(c, 400, body.error.issues[0]?.message ?? 'Please enter a valid email')
    // The parser's normalised address (src/contract/email-address.ts): the one stored and looked up.
    const { store, queue } = await openedNewsletter()
    if ((await store.subscribe(body.data.email)) === 'already-confirmed') return apiError(c, 400, ALREADY_SUBSCRIBED)
    queue.wake()
    return c.json({ pending: true })
  })

  api.post('/newsletter/confirm', rateLimited(rules.confirm, 'confirmation attempts from this address', settings), async (c) => {
    const json = await readJson(c)
    if (!json.ok) return apiError(c, 400, NOT_JSON)
    const body = confirmRequestSchema.safeParse(json.value)
    if (!body.success || !(await (await openedNewsletter()).store.confirm(body.data.email, body.data.confirmation))) return apiError(c, 400, INVALID_CONFIRMATION)
    return c.json({ confirmed: true })
  })

  api.post('/newsletter/unsubscribe', rateLimited(rules.confirm, 'unsubscribe attempts from this address', settings), async (c) => {
    const json = await readJson(c)
    if (!json.ok) return apiError(c, 400, NOT_JSON)
    const body = unsubscribeRequestSchema.safeParse(json.value)
    if (!body.success || !(await (await openedNewsletter()).store.unsubscribe(body.data.token))) return apiError(c, 400, INVALID_UNSUBSCRIBE)
    return c.json({ unsubscribed: true })
  })

  const sessions = adminSessions({ config, settings, key, db: async () => (await openedNewsletter()).db, now })
  const signIn = (c: Context, user: SessionUser) => sessions.start(c, user)

  api.get('/_auth/session', async (c) => {
    const { session } = await sessions.check(c)
    const body: Session = session ? { user: { ...session.user }, loggedInAt: new Date(session.createdAt).toISOString() } : {}
    return c.json(body, 200, { 'Cache-Control': 'no-store' })
  })

  // Ends the session on the server at once (a copy of the cookie no longer works), then clears the cookie.
  api.delete('/_auth/session', async (c) => {
    await sessions.end(c)
    return c.json({}, 200, { 'Cache-Control': 'no-store' })
  })

  api.get('/_auth/oauth', rateLimited(rules.signIn, 'sign-in attempts from this address', settings), async (c) => {
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
      setCookie(c, STATE_COOKIE, state, { path: oauthPath, httpOnly: true, sameSite: 'Lax', secure, maxAge: 600 })
      const target = new URL(auth.authorizeUrl)
      target.search = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, state, scope: 'read:user' }).toString()
      return c.redirect(target.toString(), 302)
    }

    const expected = getCookie(c, STATE_COOKIE)
    deleteCookie(c, STATE_COOKIE, { path: oauthPath, secure })
    if (!expected || !sameSecret(expected, c.req.query('state') ?? '')) return fail('expired')

    let user: SessionUser
    try {
      const token = await providerJson(request, auth.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, code, redirect_uri: redirectUri }),
      })
      if (!isRecord(token) || typeof token.access_token !== 'string') throw new Error('no access token in the reply')
      const profile = await providerJson(request, auth.userUrl, { headers: { Authorization: `Bearer ${token.access_token}`, Accept: 'application/json' } })
      if (!isRecord(profile) || typeof profile.login !== 'string') throw new Error('no login in the user reply')
      user = {
        login: profile.login,
        name: typeof profile.name === 'string' && profile.name ? profile.name : profile.login,
        avatar: typeof profile.avatar_url === 'string' ? profile.avatar_url : '',
      }
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
  api.get('/_auth/link', rateLimited(rules.signIn, 'sign-in attempts from this address', settings), async (c) => {
    const token = c.req.query('token') ?? ''
    const login = token ? await redeemSignInToken((await openedNewsletter()).db, token, now()) : undefined
    if (!login) return c.redirect(`${paths.adminLogin()}?error=link-invalid`, 302)
    if (!listedAdmin(config, login)) return c.redirect(`${paths.adminLogin()}?error=not-admin`, 302)
    await signIn(c, { login, name: login, avatar: '' })
    return c.redirect(paths.admin(), 302)
  })

  api.route(
    '/_preview',
    createPreviewApi({ site, config, env, base: `${config.api.baseUrl.replace(/\/$/, '')}/_preview`, error: (c, status, message) => apiError(c, status, message) }),
  )

  api.route('/admin', createAdminApi({ site, config, sessions, newsletter: openedNewsletter, error: (c, status, message) => apiError(c, status, message) }))

  // Icons by name from the installed icon sets: `GET /_icons/lucide.json?icons=rocket,book-open`.
  api.get('/_icons/:file', async (c) => {
    const prefix = c.req.param('file').replace(/\.json$/, '')
    const names = (c.req.query('icons') ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter((n) => /^[a-z0-9-]+$/.test(n))
    if (!names.length) return c.json({ error: 'name the icons: ?icons=a,b' }, 400)
    if (names.length > MAX_ICONS_PER_REQUEST) return c.json({ error: `at most ${MAX_ICONS_PER_REQUEST} icons per request` }, 400)
    const reply = await iconData(prefix, names)
    if (!reply) return c.json({ error: `unknown icon set "${prefix}"` }, 404)
    return c.json(reply, 200, { 'Cache-Control': 'public, max-age=86400' })
  })

  api.all('*', (c) => apiError(c, 404, `Not found: ${c.req.method} ${c.req.path}`))
  closers.set(api, async () => {
    await (await newsletter?.catch(() => undefined))?.close()
  })
  return api
}

const closers = new WeakMap<Hono, () => Promise<void>>()

/** Closes what an API made by createApi holds open (the server database, the mail queue): for a server that stops and starts in one process, as the dev server does. */
export async function closeApi(api: Hono): Promise<void> {
  await closers.get(api)?.()
}

/** The body as JSON, or `ok: false` when it is not JSON (bodyLimit has already read it, capped). */
const readJson = (c: Context): Promise<{ ok: true; value: unknown } | { ok: false }> =>
  c.req.json().then(
    (value: unknown) => ({ ok: true as const, value }),
    () => ({ ok: false as const }),
  )

async function providerJson(request: typeof fetch, url: string, init: RequestInit): Promise<unknown> {
  const res = await request(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) })
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  return res.json()
}
