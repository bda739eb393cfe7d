import { serve } from '@hono/node-server'
import type { Hono } from 'hono'

import type { SiteConfig } from '../src/contract/site-schema'
import { type ApiOptions, closeApi, createApi } from './api'
import { createApp, QUERY_BUDGET_MS } from './app'
import { type LiveSite, liveSite } from './live-site'
import { DEFAULT_QUERY_CACHE_BYTES } from './query/cache'
import { QueryRunner } from './query/runner'
import type { ServerSettings } from './security/settings'

export interface ServeOptions {
  distDir: string
  config: SiteConfig
  settings: ServerSettings
  hostname: string
  /** 0 for any free port. */
  port: number
  queryCacheBytes?: number
  /** Options of the product API (env, data folder, provider fetch, rate limits). */
  api?: Omit<ApiOptions, 'site' | 'config' | 'settings'>
  log?: (line: string) => void
}

export interface Serving {
  /** Where it listens: `http://host:port`. */
  url: string
  live: LiveSite
  close(): Promise<void>
}

/**
 * The built site in `distDir` served as `npm start` serves it: the build there now,
 * then each newer build written there once complete (server/live-site.ts). One query
 * runner and one product API (its database, mail queue and sessions) last as long as
 * the server; each build gets an app of its own around them.
 */
export async function serveBuilds({
  distDir,
  config,
  settings,
  hostname,
  port,
  queryCacheBytes = DEFAULT_QUERY_CACHE_BYTES,
  api,
  log = console.log,
}: ServeOptions): Promise<Serving> {
  const runner = new QueryRunner({ budgetMs: QUERY_BUDGET_MS, maxRows: 10_000 })
  let productApi: Hono | undefined
  const live = await liveSite(
    distDir,
    (site) => {
      // The API's links (sign-in, emails) are under the base the build was made for.
      if (config.api.baseUrl.startsWith('/')) productApi ??= createApi({ site, config: { ...config, base: site.base ?? '/' }, settings, ...api })
      return createApp({ site, config, settings, queryCacheBytes, runner, productApi, ...(api ? { api } : {}) })
    },
    { log },
  )
  const server = await new Promise<ReturnType<typeof serve>>((done, fail) => {
    const listening = serve({ fetch: live.fetch, hostname, port }, () => done(listening))
    listening.once('error', fail)
  })
  const address = server.address()
  const bound = typeof address === 'object' && address ? address : { address: hostname, port }
  const host = bound.address.includes(':') ? `[${bound.address}]` : bound.address
  return {
    url: `http://${host}:${bound.port}`,
    live,
    async close() {
      const closed = new Promise((done) => server.close(done))
      // Keep-alive connections would hold the close open until they time out.
      if ('closeAllConnections' in server) server.closeAllConnections()
      await closed
      await runner.close()
      if (productApi) await closeApi(productApi)
    },
  }
}
