import { join } from 'node:path'

import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'

import type { SiteConfig } from '../src/contract/site-schema'
import { closeApi, createApi } from './api'
import { createApp, QUERY_BUDGET_MS } from './app'
import { QueryRunner } from './query/runner'
import { serverSettings } from './security/settings'
import { type BuiltSite, loadSite } from './site'

export interface DevServingOptions {
  /** The project folder (the product API keeps its data in `.data/` there unless FJORD_DATA_DIR says otherwise). */
  root: string
  config: SiteConfig
  /** The dev server's own address once it listens, for the API's public URL (OAuth redirects, email links, the same-origin check). */
  url(): string | undefined
}

/**
 * The server side of `npm run dev` (the content plugin, content-build/vite/content-plugin.ts,
 * is handed it by vite.config.ts, and states the shape it needs as `ContentServing`): the query endpoint, payloads and dumps of the latest
 * good build, and the product API, as `npm start` answers them.
 */
export function devServing({ root, config, url }: DevServingOptions) {
  const runner = new QueryRunner({ budgetMs: QUERY_BUDGET_MS, maxRows: 10_000 })
  // The product API lives as long as the dev server (its database and mail queue are
  // opened once), made at the first request, once the server has its address; it
  // reads the latest build through `site`.
  const site = {} as BuiltSite
  let built: BuiltSite | undefined
  let api: Hono | undefined
  let handle: ReturnType<typeof getRequestListener> | undefined
  return {
    /** A good build is in `outDir`: answer from it from now on. */
    async load(outDir: string) {
      built = await loadSite(outDir)
      Object.assign(site, built)
      handle = undefined
    },
    /** The handler for a content or API request, or undefined while no build is loaded. */
    listener() {
      if (!built) return undefined
      api ??= createApi({ site, config, settings: serverSettings(config, process.env, url()), dataDir: process.env.FJORD_DATA_DIR || join(root, '.data') })
      // Hono's node adapter would replace the process's Request and Response with its
      // own, which lack methods other code here uses (Shiki reads its WebAssembly with
      // Response.bytes()).
      return (handle ??= getRequestListener(createApp({ site: built, config, runner, productApi: api }).fetch, { overrideGlobalObjects: false }))
    },
    async close() {
      await runner.close()
      if (api) await closeApi(api)
    },
  }
}
