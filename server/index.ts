import { join, resolve } from 'node:path'

import config from '../site.config'
import { ensureBuild } from './freshness'
import { DEFAULT_QUERY_CACHE_BYTES } from './query/cache'
import { isLoopback, serverSettings } from './security/settings'
import { serveBuilds } from './serve'

/**
 * `npm start`: builds when dist/ is missing or older than any source, then serves the
 * site on 127.0.0.1:3000 (HOST and PORT override). PUBLIC_URL is where readers reach
 * it (default: the site config's brand.url, or this address on loopback), TRUST_PROXY
 * the number of proxies in front of it (see SECURITY.md), QUERY_CACHE_MB how much of the
 * query endpoint's answers it keeps for repeats (default 32; 0 keeps none). A build
 * written into dist/ while it runs is served once it is complete (server/live-site.ts).
 */
const root = resolve(import.meta.dirname, '..')
const host = process.env.HOST ?? '127.0.0.1'
const port = Number(process.env.PORT ?? 3000)

let settings: ReturnType<typeof serverSettings>
let queryCacheBytes = DEFAULT_QUERY_CACHE_BYTES
try {
  const cacheMb = process.env.QUERY_CACHE_MB
  if (cacheMb !== undefined && cacheMb !== '') {
    if (!/^\d{1,5}$/.test(cacheMb)) throw new Error(`QUERY_CACHE_MB must be a whole number of megabytes (0 keeps no answers), got "${cacheMb}"`)
    queryCacheBytes = Number(cacheMb) * 1024 * 1024
  }
  settings = serverSettings(config, process.env, isLoopback(host) ? `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}` : undefined)
  await ensureBuild(root, config)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
const serving = await serveBuilds({ distDir: join(root, 'dist'), config, settings, hostname: host, port, queryCacheBytes })
console.log(`Serving ${config.brand.name} on ${serving.url} (build ${serving.live.site.buildId}), public URL ${settings.publicUrl.origin}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void serving.close().finally(() => process.exit(0))
  })
}
