import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { Hono, type Context } from 'hono'
import { deleteCookie, getCookie, getSignedCookie, setCookie, setSignedCookie } from 'hono/cookie'

import { isRecord } from '../content-build/front-matter'
import { paths } from '../src/config/paths'
import type { SiteConfig } from '../src/config/site-schema'
import { confirmRequestSchema, sessionSchema, subscribeRequestSchema, type Session } from '../src/lib/api/schemas'
import { iconData, MAX_ICONS_PER_REQUEST } from './icons'
import { NewsletterStore } from './newsletter'
import type { BuiltSite } from './site'

export const SESSION_COOKIE = 'fjord-session'
const STATE_COOKIE = 'fjord-oauth-state'
const SESSION_MAX_AGE = 7 * 24 * 3600
const PROVIDER_TIMEOUT_MS = 5000

/** The signed-in user, as the provider describes them. */
export interface SessionUser {
  login: string
  name: string
  avatar: string
}

export interface ApiOptions {
  site: BuiltSite
  config: SiteConfig
  /** Where the OAuth client id and secret are read (defaults to process.env). */
  env?: Readonly<Record<string, string | undefined>>
  /** Signs the session cookie; FJORD_SESSION_SECRET, else random per process (sessions end on restart). */
  secret?: string
  /** Calls to the OAuth provider (a stand-in in tests). */
  fetch?: typeof fetch
  /** Where newsletter subscribers and the confirmation outbox are kept (FJORD_DATA_DIR, else .data). */
  dataDir?: string
}

/**
 * The built-in product API, same-origin under `api.baseUrl`:
 * - `GET /stats`: the release and ecosystem figures written by the content build;
 * - `GET|DELETE /_auth/session`: the admin session, kept in a signed, HTTP-only cookie;
 * - `GET /_auth/oauth`: the popup sign-in, an OAuth authorization-code flow against
 *   the configured provider, letting in only the logins listed in `auth.admins`.
 * Sign-in failures land on the login page with `?error=`, which keeps the popup open
 * to show it.
 */
export function createApi({ site, config, env = process.env, secret, fetch: request = fetch, dataDir }: ApiOptions): Hono {
  const api = new Hono()
  const key = secret ?? env.FJORD_SESSION_SECRET ?? randomBytes(32).toString('hex')
  const { auth } = config
  let stats: Promise<unknown> | undefined

  api.get('/stats', async (c) => {
    stats ??= readFile(join(site.distDir, 'builds', 'stats.json'), 'utf8').then(JSON.parse)
    return c.json(await stats, 200, { 'Cache-Control': 'public, max-age=300' })
  })

  const newsletter = new NewsletterStore(dataDir ?? env.FJORD_DATA_DIR ?? join(site.distDir, '..', '.data'), config.brand.url)
  // Errors carry `message` as a JSON list of {message}, the shape the signup form reads.
  const invalid = (c: Context, message: string) => c.json({ statusCode: 400, message: JSON.stringify([{ message }]) }, 400)

  api.post('/newsletter/subscribe', async (c) => {
    const body = subscribeRequestSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!body.success) return invalid(c, body.error.issues[0]?.message ?? 'Invalid request')
    if (body.data.email.length > 254) return invalid(c, 'Please enter a valid email')
    return c.json(await newsletter.subscribe(body.data.email))
  })

  api.post('/newsletter/confirm', async (c) => {
    const body = confirmRequestSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!body.success || !(await newsletter.confirm(body.data.email, body.data.confirmation)))
      return c.json({ statusCode: 400, message: 'This confirmation link is invalid or has expired.' }, 400)
    return c.json({ confirmed: true })
  })

  api.get('/_auth/session', async (c) => {
    const session = await readSession(c, key)
    return c.json(session ?? {}, 200, { 'Cache-Control': 'no-store' })
  })

  api.delete('/_auth/session', (c) => {
    deleteCookie(c, SESSION_COOKIE, { path: '/' })
    return c.json({}, 200, { 'Cache-Control': 'no-store' })
  })

  api.get('/_auth/oauth', async (c) => {
    const fail = (message: string) => c.redirect(`${paths.adminLogin()}?error=${encodeURIComponent(message)}`, 302)
    const clientId = env[auth.clientIdEnv]
    const clientSecret = env[auth.clientSecretEnv]
    if (!clientId || !clientSecret) {
      return fail(`Sign-in is not configured on this server: set ${auth.clientIdEnv} and ${auth.clientSecretEnv}.`)
    }
    const url = new URL(c.req.url)
    const redirectUri = `${url.origin}${url.pathname}`
    const providerError = c.req.query('error')
    if (providerError) return fail(`${auth.providerName} refused the sign-in: ${c.req.query('error_description') ?? providerError}`)

    const code = c.req.query('code')
    if (!code) {
      const state = randomBytes(16).toString('hex')
      setCookie(c, STATE_COOKIE, state, { path: url.pathname, httpOnly: true, sameSite: 'Lax', secure: url.protocol === 'https:', maxAge: 600 })
      const target = new URL(auth.authorizeUrl)
      target.search = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, state, scope: 'read:user' }).toString()
      return c.redirect(target.toString(), 302)
    }

    const expected = getCookie(c, STATE_COOKIE)
    deleteCookie(c, STATE_COOKIE, { path: url.pathname })
    if (!expected || !sameString(expected, c.req.query('state') ?? '')) return fail('The sign-in expired or came from another window. Please try again.')

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
      console.error('sign-in:', error)
      return fail(`${auth.providerName} could not be reached to finish the sign-in. Please try again.`)
    }
    if (!auth.admins.some((login) => login.toLowerCase() === user.login.toLowerCase())) {
      return fail(`${user.login} is not an administrator of this site.`)
    }
    await setSignedCookie(c, SESSION_COOKIE, JSON.stringify({ user, loggedInAt: new Date().toISOString() }), key, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: url.protocol === 'https:',
      maxAge: SESSION_MAX_AGE,
    })
    return c.redirect(paths.admin(), 302)
  })

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

  api.all('*', (c) => c.json({ error: `not found: ${c.req.method} ${c.req.path}` }, 404))
  return api
}

async function readSession(c: Context, key: string): Promise<Session | undefined> {
  const value = await getSignedCookie(c, key, SESSION_COOKIE)
  if (!value) return undefined
  try {
    const session = sessionSchema.safeParse(JSON.parse(value))
    return session.success && session.data.user ? session.data : undefined
  } catch {
    return undefined
  }
}

async function providerJson(request: typeof fetch, url: string, init: RequestInit): Promise<unknown> {
  const res = await request(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) })
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  return res.json()
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
