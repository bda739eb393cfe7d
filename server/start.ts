import type { SiteConfig } from '../src/contract/site-schema'
import { DEFAULT_QUERY_CACHE_BYTES } from './query/cache'
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

/** What the environment says about how to serve: HOST, PORT, QUERY_CACHE_MB and the settings (PUBLIC_URL, TRUST_PROXY). */
export interface StartEnvironment {
  host: string
  port: number
  queryCacheBytes: number
  settings: ServerSettings
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
  return { host, port, queryCacheBytes, settings: serverSettings(config, env, local) }
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
  const serving = await serveBuilds({ distDir, config, settings: start.settings, hostname: start.host, port: start.port, queryCacheBytes: start.queryCacheBytes })
  console.log(`Serving ${config.brand.name} on ${serving.url} (build ${serving.live.site.buildId}), public URL ${start.settings.publicUrl.origin}`)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void serving.close().finally(() => process.exit(0))
    })
  }
  return serving
}
