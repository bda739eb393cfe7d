import { z } from 'zod'

import type { SiteConfig } from '../src/contract/site-schema'
import { type ApiOptions, DEFAULT_LIMITS } from './api'
import { DEFAULT_QUERY_CACHE_BYTES } from './query/cache'
import type { RateLimit } from './security/rate-limit'
import { isLoopback, type ServerSettings, serverSettings } from './security/settings'
import { serveBuilds, type Serving } from './serve'

export interface StartOptions {
  /** The built public site. */
  distDir: string
  config: SiteConfig
  /** Runs once the environment is read and before the server listens (`npm start`: the freshness check and build). */
  prepare?: () => Promise<void>
  env?: Readonly<Record<string, string | undefined>>
}

/** What the environment says about how to serve: HOST, PORT, QUERY_CACHE_MB, the settings (PUBLIC_URL, TRUST_PROXY) and the API's options. */
export interface StartEnvironment {
  host: string
  port: number
  queryCacheBytes: number
  settings: ServerSettings
  api: Omit<ApiOptions, 'site' | 'config' | 'settings'>
}

const rateLimitText = z
  .string()
  .regex(/^\d{1,9}\/[1-9]\d{0,6}$/, 'must be <requests>/<seconds> (at least 1 second), such as 10/600')
  .transform((text): RateLimit => {
    const [limit, seconds] = text.split('/').map(Number)
    return { limit: limit ?? 0, windowMs: (seconds ?? 0) * 1000 }
  })
const seconds = z
  .string()
  .regex(/^\d{1,6}$/, 'must be a whole number of seconds')
  .transform((text) => Number(text) * 1000)

/**
 * The API's tuning from the environment, for a deployment (and the multi-instance
 * tests): each rate limit as `<requests>/<seconds>` per client address (defaults:
 * DEFAULT_LIMITS), and how long a server holds an email it is sending before another
 * may send it (FJORD_MAIL_LEASE_SECONDS, default 60) and how often each looks for due
 * emails (FJORD_MAIL_POLL_SECONDS, default 15).
 */
const apiEnvSchema = z.object({
  FJORD_RATE_LIMIT_SUBSCRIBE: rateLimitText.optional(),
  FJORD_RATE_LIMIT_CONFIRM: rateLimitText.optional(),
  FJORD_RATE_LIMIT_SIGN_IN: rateLimitText.optional(),
  FJORD_RATE_LIMIT_MCP: rateLimitText.optional(),
  FJORD_MAIL_LEASE_SECONDS: seconds.refine((ms) => ms > 0, 'must be at least 1').optional(),
  FJORD_MAIL_POLL_SECONDS: seconds.refine((ms) => ms > 0, 'must be at least 1').optional(),
})

function apiOptions(env: Readonly<Record<string, string | undefined>>): StartEnvironment['api'] {
  const present = Object.fromEntries(Object.keys(apiEnvSchema.shape).flatMap((name) => (env[name] ? [[name, env[name]]] : [])))
  const parsed = apiEnvSchema.safeParse(present)
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('\n'))
  const { FJORD_RATE_LIMIT_SUBSCRIBE, FJORD_RATE_LIMIT_CONFIRM, FJORD_RATE_LIMIT_SIGN_IN, FJORD_RATE_LIMIT_MCP, FJORD_MAIL_LEASE_SECONDS, FJORD_MAIL_POLL_SECONDS } = parsed.data
  return {
    limits: {
      subscribe: FJORD_RATE_LIMIT_SUBSCRIBE ?? DEFAULT_LIMITS.subscribe,
      confirm: FJORD_RATE_LIMIT_CONFIRM ?? DEFAULT_LIMITS.confirm,
      signIn: FJORD_RATE_LIMIT_SIGN_IN ?? DEFAULT_LIMITS.signIn,
      mcp: FJORD_RATE_LIMIT_MCP ?? DEFAULT_LIMITS.mcp,
    },
    newsletter: { queue: { ...(FJORD_MAIL_LEASE_SECONDS ? { leaseMs: FJORD_MAIL_LEASE_SECONDS } : {}), ...(FJORD_MAIL_POLL_SECONDS ? { pollMs: FJORD_MAIL_POLL_SECONDS } : {}) } },
  }
}

/** Reads the environment a server starts with; throws with the variable's name and what it must be. */
export function startEnvironment(config: SiteConfig, env: Readonly<Record<string, string | undefined>>): StartEnvironment {
  const host = env.HOST ?? '127.0.0.1'
  const portText = env.PORT ?? '3000'
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) throw new Error(`PORT must be a port number (0 to 65535), got "${portText}"`)
  const port = Number(portText)
  let queryCacheBytes = DEFAULT_QUERY_CACHE_BYTES
  const cacheMb = env.QUERY_CACHE_MB
  if (cacheMb !== undefined && cacheMb !== '') {
    if (!/^\d{1,5}$/.test(cacheMb)) throw new Error(`QUERY_CACHE_MB must be a whole number of megabytes (0 keeps no answers), got "${cacheMb}"`)
    queryCacheBytes = Number(cacheMb) * 1024 * 1024
  }
  const local = isLoopback(host) ? `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}` : undefined
  return { host, port, queryCacheBytes, settings: serverSettings(config, env, local), api: apiOptions(env) }
}

/**
 * Starts the site's server as both entries run it (`npm start` in a checkout:
 * server/index.ts; the built server: server/production.ts): the environment read and
 * checked, the site in `distDir` served (server/serve.ts), stopped cleanly on SIGINT
 * and SIGTERM. A problem with the environment ends the process with its message.
 */
export async function startServer({ distDir, config, prepare, env = process.env }: StartOptions): Promise<Serving> {
  let start: StartEnvironment
  try {
    start = startEnvironment(config, env)
    await prepare?.()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  const serving = await serveBuilds({ distDir, config, settings: start.settings, hostname: start.host, port: start.port, queryCacheBytes: start.queryCacheBytes, api: start.api })
  console.log(`Serving ${config.brand.name} on ${serving.url} (build ${serving.live.site.buildId}), public URL ${start.settings.publicUrl.origin}`)
  // A local run (loopback, no PUBLIC_URL) is one developer's single server: no one to tell.
  const local = isLoopback(start.host) && !env.PUBLIC_URL
  if (config.sections.admin && !env.FJORD_SESSION_SECRET && !local) {
    // Each server would sign admin sessions with a key of its own: behind a load balancer,
    // an admin signed in on one is a stranger to the others.
    console.warn(
      'FJORD_SESSION_SECRET is not set: admin sessions are signed with a key made for this process, so they end when it restarts, and a second server on this database does not recognise them. To run more than one server, set FJORD_SESSION_SECRET to the same long random value on every one (docs/deploy-server.md).',
    )
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void serving.close().finally(() => process.exit(0))
    })
  }
  return serving
}
