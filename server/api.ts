import { randomBytes } from 'node:crypto'
import { join } from 'node:path'

import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'

import type { SiteConfig } from '../src/contract/site-schema'
import { createAdminApi } from './admin/api'
import { adminSessions } from './admin/session-cookie'
import type { RateCounter } from './mcp/routes'
import { type Newsletter, type NewsletterOptions, openNewsletter } from './newsletter/index'
import { createPreviewApi } from './preview'
import { authRoutes } from './routes/auth'
import { buildFileRoutes } from './routes/build-files'
import { newsletterRoutes } from './routes/newsletter'
import { apiError } from './routes/respond'
import type { RateLimit } from './security/rate-limit'
import { crossSiteRefusal } from './security/request'
import type { ServerSettings } from './security/settings'
import type { BuiltSite } from './site'

export { sessionCookie } from './admin/session-cookie'
/** Newsletter and sign-in requests are a few hundred bytes; nothing in the API takes more. */
export const MAX_API_BODY = 4 * 1024

/** Requests per client address, per endpoint group (`mcp`: calls to the MCP endpoint, which an agent makes a few a second at most). */
export const DEFAULT_LIMITS: Record<'subscribe' | 'confirm' | 'signIn' | 'mcp', RateLimit> = {
  subscribe: { limit: 10, windowMs: 10 * 60_000 },
  confirm: { limit: 20, windowMs: 10 * 60_000 },
  signIn: { limit: 20, windowMs: 10 * 60_000 },
  mcp: { limit: 300, windowMs: 60_000 },
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

/**
 * The built-in product API, same-origin under `api.baseUrl`, one group of routes a file:
 * - `GET /stats`, `GET /modules`: figures the content build wrote (routes/build-files.ts);
 * - `POST /newsletter/...`: signup, confirmation, unsubscribe (routes/newsletter.ts);
 * - `/_auth/...`: the admin's session and sign-in (routes/auth.ts);
 * - `/admin/...`: the admin API, for signed-in administrators (admin/api.ts);
 * - `/_preview/...`: draft pages for a valid preview token (preview.ts);
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
  const rules = { ...DEFAULT_LIMITS, ...limits }

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

  // Opened (and migrated) now; the routes wait for it. A failure is logged and tried
  // again by the next request, not kept as the answer to every one.
  let opened: Promise<Newsletter> | undefined
  const newsletter = () =>
    (opened ??= openNewsletter({
      dataDir: dataDir ?? env.FJORD_DATA_DIR ?? join(site.distDir, '..', '.data'),
      env,
      // The site's address under its base: the emails link to its /newsletter page there.
      site: { url: new URL(config.base, settings.publicUrl), brand: config.brand.name },
      ...newsletterOptions,
    }).catch((failure: unknown) => {
      opened = undefined
      console.error(`newsletter: the database could not be opened: ${failure instanceof Error ? failure.message : String(failure)}`)
      throw failure
    }))
  void newsletter().catch(() => undefined)
  // An empty FJORD_SESSION_SECRET is none: a cookie signed with an empty key could be forged.
  const key = secret ?? (env.FJORD_SESSION_SECRET || randomBytes(32).toString('hex'))
  const sessions = adminSessions({ config, settings, key, db: async () => (await newsletter()).db, now })

  api.route('/', buildFileRoutes(site))
  // A switched-off section's API is not there at all (sections in site.config.ts): its paths answer 404.
  if (config.sections.newsletter) api.route('/', newsletterRoutes({ newsletter, settings, limits: rules }))
  if (config.sections.admin) api.route('/', authRoutes({ config, settings, sessions, env, now, fetch: request, newsletter, signInLimit: rules.signIn }))
  api.route('/_preview', createPreviewApi({ site, config, env, base: `${config.api.baseUrl.replace(/\/$/, '')}/_preview`, error: apiError }))
  if (config.sections.admin) api.route('/admin', createAdminApi({ site, config, sessions, newsletter, error: apiError }))

  api.all('*', (c) => apiError(c, 404, `Not found: ${c.req.method} ${c.req.path}`))
  closers.set(api, async () => {
    await (await opened?.catch(() => undefined))?.close()
  })
  counters.set(api, async (bucket, client, rule) => (await newsletter()).rateLimits.hit(bucket, client, rule))
  return api
}

const closers = new WeakMap<Hono, () => Promise<void>>()
const counters = new WeakMap<Hono, RateCounter>()

/** The rate counters of an API made by createApi (kept in its database, shared by every server on it), for the routes beside it: the MCP endpoint. */
export const apiRateCounter = (api: Hono): RateCounter | undefined => counters.get(api)

/** Closes what an API made by createApi holds open (the server database, the mail queue): for a server that stops and starts in one process, as the dev server does. */
export async function closeApi(api: Hono): Promise<void> {
  await closers.get(api)?.()
}
