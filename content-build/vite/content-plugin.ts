import type { IncomingMessage, ServerResponse } from 'node:http'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'

import type { Plugin, ViteDevServer } from 'vite'

import { CONTENT_UPDATED_EVENT, privateDir, WARNINGS_FILE } from '../../src/contract/content/build-output'
import { ICONS_BASE } from '../../src/contract/icon-sets'
import { paths } from '../../src/contract/paths'
import type { SiteConfig } from '../../src/contract/site-schema'
import { defineCollections } from '../collections/definitions'
import { ContentBuildError } from '../errors'
import { createDevContent } from './dev-content'
import { devWarnings } from './dev-warnings'
import { treeStatic } from './tree-static'

/** Requests the content side answers in development (the MCP endpoint among them); with the product API's (`api.baseUrl`) when it is on this server. */
function contentRequests(config: SiteConfig): RegExp {
  const api = config.api.baseUrl.startsWith('/') ? config.api.baseUrl.replace(/\/$/, '') : undefined
  const escaped = api?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^/__content/|^/builds/|^${ICONS_BASE}|^${paths.mcp()}(\\?|$)|/_payload\\.json(\\?|$)${escaped ? `|^${escaped}(/|\\?|$)` : ''}`)
}

const BUILDS = Symbol.for('fjord.dev-content-builds')

/**
 * Runs content builds one after another across every dev server of this process. A
 * restart (site.config.ts changed) starts the new server's first build while the old
 * server may still be writing the same folder; the plugin module itself is loaded anew
 * with the config, so the queue lives on `globalThis`.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const shared = globalThis as { [BUILDS]?: Promise<unknown> }
  const next = (shared[BUILDS] ?? Promise.resolve()).catch(() => undefined).then(work)
  shared[BUILDS] = next
  return next
}

/** Vite's error overlay for a failed content build: the first error's file and line, every error in the message. */
function overlayError(error: unknown, root: string) {
  if (error instanceof ContentBuildError) {
    const [first] = error.issues
    return {
      message: error.message,
      stack: '',
      plugin: 'fjord-content',
      ...(first ? { id: resolve(root, first.file), loc: { file: resolve(root, first.file), line: first.line ?? 1, column: 1 } } : {}),
    }
  }
  return { message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? (error.stack ?? '') : '', plugin: 'fjord-content' }
}

/** Whether `file` is `dir` or lies inside it. */
function isWithin(dir: string, file: string): boolean {
  const rel = relative(dir, file)
  return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}

/** What the plugin serves a content build with: the production server's handlers (server/dev.ts). */
export interface ContentServing {
  /** A good build is in `outDir`: answer from it from now on. */
  load(outDir: string): Promise<void>
  /** The handler for a content or API request, or undefined while no build is loaded. */
  listener(): ((req: IncomingMessage, res: ServerResponse) => void) | undefined
  close(): Promise<void>
}

export interface ContentPluginOptions {
  /** Makes what serves each build; vite.config.ts passes the server's `devServing`. */
  serve(context: { root: string; config: SiteConfig; url: () => string | undefined }): ContentServing
  /** Where docs versions are read from (DOCS_V4_DIR…); defaults to process.env. */
  env?: Record<string, string | undefined>
}

/**
 * `npm run dev`: builds the content into .cache/dev-dist, serves it (dumps, payloads,
 * manifests), the query endpoint and the product API through `serve` (the production
 * server's own handlers), and builds again when content changes: unchanged files come
 * from the content build's cache and unchanged outputs stay as they are.
 *
 * Builds run one at a time; changes made during one ask for one more after it. A
 * build that fails keeps the last good one serving, prints its errors, and shows them
 * in the browser as Vite's error overlay (file, line and field), also to a page opened
 * later; the next good build says so and reloads that page. Otherwise an open page takes
 * a new build in place (src/app/content-updates.ts). `site.config.ts` is one of
 * vite.config.ts's imports, so Vite restarts the whole server when it changes.
 */
export function fjordContent(config: SiteConfig, { serve, env = process.env }: ContentPluginOptions): Plugin {
  return {
    name: 'fjord-content',
    apply: 'serve',
    async configureServer(server) {
      const root = server.config.root
      const logger = server.config.logger
      const outDir = join(root, '.cache', 'dev-dist')
      const content = await createDevContent({ root, config, outDir, env })
      const requests = contentRequests(config)
      const serving = serve({ root, config, url: () => devUrl(server) })
      let failure: ReturnType<typeof overlayError> | undefined
      const warningsToPrint = devWarnings(relative(root, join(privateDir(outDir), WARNINGS_FILE)))
      // Docs trees' own static files, as the last good build found them.
      let publicDirs: readonly string[] = []
      server.middlewares.use(treeStatic(join(root, 'public'), () => publicDirs))

      let closed = false
      const build = async (first: boolean) => {
        if (closed) return
        const started = performance.now()
        try {
          const result = await oneAtATime(() => content.rebuild())
          if (closed) return
          for (const line of warningsToPrint(result.warnings)) logger.warn(line)
          publicDirs = result.publicDirs
          await serving.load(outDir)
          const seconds = ((performance.now() - started) / 1000).toFixed(2)
          if (failure) logger.info(`content build is good again (${seconds} s)`, { timestamp: true })
          else if (!first) logger.info(`content rebuilt (${seconds} s)`, { timestamp: true })
          // A page whose overlay shows the last build's errors reloads, which clears it;
          // others take the new content in place (src/app/content-updates.ts).
          if (!first) server.ws.send(failure ? { type: 'full-reload' } : { type: 'custom', event: CONTENT_UPDATED_EVENT })
          failure = undefined
        } catch (error) {
          // Bad content must not stop the dev server: say what is wrong, keep the last good build.
          logger.error(error instanceof Error ? error.message : String(error), { timestamp: true })
          failure = overlayError(error, root)
          server.ws.send({ type: 'error', err: failure })
        }
      }
      // One build at a time; a change during one (the first included) asks for one more once it ends.
      let building: Promise<void> | undefined
      let again = false
      const rebuild = (first = false) => {
        if (building) {
          again = true
          return building
        }
        building = (async () => {
          let initial = first
          do {
            again = false
            await build(initial)
            initial = false
          } while (again)
        })().finally(() => (building = undefined))
        return building
      }

      // Vite's own watcher (chokidar), not `fs.watch(dir, { recursive: true })`: on Linux,
      // Node's recursive watch stops reporting a file once an editor saves it by writing
      // a new file over it (vim, JetBrains, `sed -i`), so every later save of that page
      // was lost. Chokidar follows such a save, and a new folder. Docs trees outside the
      // project (DOCS_V4_DIR) are added to it; its `server.watch.ignored` leaves out the
      // build's own outputs and cache.
      const dirs = [...new Set(defineCollections(config, { env }).map((def) => resolve(root, def.dir)))]
      server.watcher.add(dirs)
      let timer: NodeJS.Timeout | undefined
      const onChange = (_event: string, file: string) => {
        if (!dirs.some((dir) => isWithin(dir, file))) return
        clearTimeout(timer)
        timer = setTimeout(() => void rebuild(), 100)
      }
      server.watcher.on('all', onChange)
      await rebuild(true)

      // A page opened (or reloaded) while the content is broken shows the errors too.
      server.ws.on('connection', () => {
        if (failure) server.ws.send({ type: 'error', err: failure })
      })
      server.httpServer?.once('close', () => {
        closed = true
        clearTimeout(timer)
        server.watcher.off('all', onChange)
        void serving.close()
      })

      server.middlewares.use((req, res, next) => {
        if (!requests.test(req.url ?? '')) return next()
        const answer = serving.listener()
        if (answer) return void answer(req, res)
        // No good build yet: say so rather than let the app shell answer for a data file.
        res.statusCode = 503
        res.setHeader('Content-Type', 'application/json; charset=utf-8')
        res.end(JSON.stringify({ error: `the content build failed: ${failure?.message ?? 'not built yet'}` }))
      })
    },
  }
}

/** The dev server's own address, for the API's public URL (OAuth redirects, email links, the same-origin check). */
function devUrl(server: ViteDevServer): string | undefined {
  const address = server.httpServer?.address()
  if (!address || typeof address === 'string') return undefined
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host}:${address.port}`
}
