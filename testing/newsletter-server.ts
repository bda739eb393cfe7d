import { serve } from '@hono/node-server'
import { Hono } from 'hono'

import { createApi } from '../server/api'
import { serverSettings } from '../server/security/settings'
import type { BuiltSite } from '../server/site'
import config from '../site.config'

/**
 * `node --import tsx testing/newsletter-server.ts <dataDir>`: the product API
 * alone (no site build needed) on a free loopback port, printed as `listening <port>`,
 * with the rate limits lifted: the newsletter's durability test kills it mid-burst.
 */
const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: newsletter-server.ts <dataDir>')
// The newsletter routes read nothing of the build; the API's build-file routes are not called.
const site = { distDir: dataDir, manifest: { collections: {} }, buildId: 'test', routes: new Set(), redirects: {}, csp: {} } as unknown as BuiltSite
const app = new Hono()
const lifted = { limit: 1_000_000, windowMs: 60_000 }
const settings = serverSettings(config, {}, 'http://127.0.0.1:1')
app.route(
  '/api',
  createApi({
    site,
    config,
    settings,
    env: {},
    dataDir,
    limits: { subscribe: lifted, confirm: lifted, signIn: lifted },
    newsletter: { log: () => undefined, queue: { pollMs: 60_000 } },
  }),
)
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => console.log(`listening ${info.port} ${settings.publicUrl.origin}`))
