import { watch } from 'node:fs'
import { join, resolve } from 'node:path'

import { getRequestListener } from '@hono/node-server'
import type { Plugin } from 'vite'

import { defineCollections } from '../content-build/collections'
import { formatIssue } from '../content-build/errors'
import type { SiteConfig } from '../src/config/site-schema'
import { createApp, QUERY_BUDGET_MS } from './app'
import { createDevContent } from './dev-content'
import { QueryRunner } from './query-runner'

/** Requests the content side answers in development; everything else is Vite's. */
const CONTENT_REQUEST = /^\/__content\/|^\/builds\/|\/_payload\.json(\?|$)/

/**
 * `npm run dev`: builds the content into .cache/dev-dist, serves it (dumps, payloads,
 * manifests) and the query endpoint with the production server's own handlers, and
 * rebuilds with a full reload when content changes: unchanged files come from the
 * content build's cache and unchanged outputs stay as they are.
 */
export function fjordContent(config: SiteConfig): Plugin {
  return {
    name: 'fjord-content',
    apply: 'serve',
    async configureServer(server) {
      const root = server.config.root
      const outDir = join(root, '.cache', 'dev-dist')
      const runner = new QueryRunner({ budgetMs: QUERY_BUDGET_MS, maxRows: 10_000 })
      const content = await createDevContent({ root, config, outDir })
      let handle: ReturnType<typeof getRequestListener> | undefined

      const rebuild = async () => {
        try {
          const { site, warnings } = await content.rebuild()
          for (const warning of warnings) server.config.logger.warn(`warning: ${formatIssue(warning)}`)
          const app = createApp({ site, config, runner })
          handle = getRequestListener(app.fetch)
          server.ws.send({ type: 'full-reload' })
        } catch (error) {
          // Bad content must not stop the dev server: say what is wrong, keep the last good build.
          server.config.logger.error(error instanceof Error ? error.message : String(error))
        }
      }
      await rebuild()

      let timer: NodeJS.Timeout | undefined
      const dirs = [...new Set(defineCollections(config).map((def) => resolve(root, def.dir)))]
      const watchers = dirs.map((dir) =>
        watch(dir, { recursive: true }, () => {
          clearTimeout(timer)
          timer = setTimeout(() => void rebuild(), 150)
        }),
      )
      server.httpServer?.once('close', () => {
        for (const w of watchers) w.close()
        void runner.close()
      })

      server.middlewares.use((req, res, next) => {
        if (handle && CONTENT_REQUEST.test(req.url ?? '')) void handle(req, res)
        else next()
      })
    },
  }
}
