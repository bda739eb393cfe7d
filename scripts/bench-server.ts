import { serve } from '@hono/node-server'

import { createApp } from '../server/app'
import { loadSite, type BuiltSite } from '../server/site'
import config from '../site.config'

/** A built site served by the real server on a free loopback port, for the benchmarks. */
export async function serveDist(dist: string): Promise<{ site: BuiltSite; url: string; close: () => void }> {
  const site = await loadSite(dist)
  const app = createApp({ site, config })
  return new Promise((done) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => done({ site, url: `http://127.0.0.1:${info.port}`, close: () => server.close() }))
  })
}
