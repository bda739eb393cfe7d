import { join, resolve } from 'node:path'

import { serve } from '@hono/node-server'

import config from '../site.config'
import { createApp } from './app'
import { ensureBuild } from './freshness'
import { loadSite } from './site'

/**
 * `npm start`: builds when dist/ is missing or older than any source, then serves the
 * site on 127.0.0.1:3000 (HOST and PORT override).
 */
const root = resolve(import.meta.dirname, '..')
const host = process.env.HOST ?? '127.0.0.1'
const port = Number(process.env.PORT ?? 3000)

try {
  await ensureBuild(root, config)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
const site = await loadSite(join(root, 'dist'))
const app = createApp({ site, config })
const server = serve({ fetch: app.fetch, hostname: host, port }, (info) => {
  console.log(`Serving ${config.brand.name} on http://${info.address}:${info.port} (build ${site.buildId})`)
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close()
    process.exit(0)
  })
}
