import { IncomingMessage } from 'node:http'
import { join } from 'node:path'

import { type Context, Hono } from 'hono'
import { getPath } from 'hono/utils/url'

import { inlineHashes } from '../content-build/runtime'
import { isUnderBase, stripBase, withBase } from '../src/contract/base'
import { THUMBNAIL_BASE } from '../src/contract/content/thumbnail'
import { ICONS_BASE } from '../src/contract/icon-sets'
import { isInside } from '../src/contract/links'
import { notFoundPage } from '../src/contract/locales'
import { appRoutes } from '../src/contract/paths'
import { contentPageRoutes, isRouteOn } from '../src/contract/sections'
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, CACHE_SHORT } from '../src/contract/security-headers'
import type { SiteConfig } from '../src/contract/site-schema'
import { type ApiOptions, apiRateCounter, createApi, DEFAULT_LIMITS } from './api'
import { MCP_PATH, mcpRoutes } from './mcp/routes'
import { SiteContent } from './mcp/site-content'
import { DEFAULT_QUERY_CACHE_BYTES, QueryCache } from './query/cache'
import { QueryBusy, QueryFailed, QueryRunner, QueryTimeout } from './query/runner'
import { contentSecurityPolicy, securityHeaders } from './security/headers'
import { redirectablePath } from './security/redirects'
import { clientAddress, clientGroup } from './security/request'
import { defaultSettings, type ServerSettings } from './security/settings'
import type { BuiltSite } from './site'
import { fileFinder, fileResponse, pageResponse, readPage } from './static'

export const MAX_QUERY_BODY = 64 * 1024
/** Running time one statement of the query endpoint may use (the guard keeps what it accepts far below it). */
export const QUERY_BUDGET_MS = 1000
const PAGE_METHODS = 'GET, HEAD'

// The same rules the build writes into static hosts' files.
const IMMUTABLE = CACHE_IMMUTABLE
const REVALIDATE = CACHE_REVALIDATE
const SHORT = CACHE_SHORT

export interface AppOptions {
  site: BuiltSite
  config: SiteConfig
  runner?: QueryRunner
  /** The query endpoint's answers kept for repeats, in bytes (default 32 MB; 0 keeps none). */
  queryCacheBytes?: number
  /** Options of the built-in product API (env, session secret, provider fetch, rate limits). */
  api?: Omit<ApiOptions, 'site' | 'config' | 'settings'>
  /** The product API to mount instead of making one (the dev server keeps one across content rebuilds). */
  productApi?: Hono
  /** The public URL, proxy trust and allowed origins (serverSettings() reads them from the environment). */
  settings?: Partial<ServerSettings>
}

/**
 * The site's server: the built files with compression and cache headers, the
 * redirects of the build manifest, the app shell for every route (HTTP 404 for a path
 * no route knows), and the query endpoint for browsers without WebAssembly. Every
 * response carries the security headers; pages answer only GET and HEAD.
 */
export function createApp({
  site,
  config,
  runner = new QueryRunner({ budgetMs: QUERY_BUDGET_MS, maxRows: 10_000 }),
  queryCacheBytes = DEFAULT_QUERY_CACHE_BYTES,
  api,
  productApi,
  settings: overrides,
}: AppOptions): Hono {
  const settings = defaultSettings(config, overrides)
  const policy = contentSecurityPolicy(config)
  // A build made for a sub-path (BASE_PATH=/fjord/) is served under it: every handler
  // below sees the site path (`/docs/x` for `/fjord/docs/x`), as the build wrote it.
  const base = site.base ?? '/'
  const app = new Hono({ getPath: (request) => stripBase(base, getPath(request)) })
  app.use('*', ...securityHeaders(config, settings))
  if (base !== '/') app.use('*', underBase(base))
  app.onError((error, c) => {
    console.error('server:', error)
    return c.json({ error: 'the server could not answer this request' }, 500)
  })
  // The product API lives here unless the site points api.baseUrl at another host.
  const product = config.api.baseUrl.startsWith('/') ? (productApi ?? createApi({ site, config: { ...config, base }, settings, ...api })) : undefined
  if (product) app.route(config.api.baseUrl.replace(/\/$/, ''), product)
  // Coding assistants read the docs here (server/mcp), counted with the API's own counters when it runs here.
  app.route(
    MCP_PATH,
    mcpRoutes({ content: new SiteContent(site, config, settings.publicUrl), settings, count: product && apiRateCounter(product), limit: api?.limits?.mcp ?? DEFAULT_LIMITS.mcp }),
  )
  // A route of a switched-off section is no page, even in a build made before it was switched off;
  // one drawn from its own page in the content is there when the build wrote that page.
  const appPages = appRoutes.filter((route) => !contentPageRoutes.includes(route))
  const knownRoutes = new Set([...site.routes, ...appPages].filter((route) => isRouteOn(config.sections, route)))
  const versionPaths = config.docs.versions.map((v) => v.path)
  const defaultVersion = versionPaths[0]
  const answers = new QueryCache(queryCacheBytes)

  app.post('/__content/:collection/query', async (c) => {
    const name = c.req.param('collection')
    const collection = Object.hasOwn(site.manifest.collections, name) ? site.manifest.collections[name] : undefined
    if (!collection) return c.json({ error: `unknown collection "${name}"` }, 404)
    const text = await readBody(c, MAX_QUERY_BODY)
    if (text === undefined) return c.json({ error: `the request body is larger than ${MAX_QUERY_BODY / 1024} KB` }, 413)
    const asked = statementOf(text)
    if (asked === undefined) return c.json({ error: 'refused: the body must be JSON of the form {"sql": "SELECT …"}' }, 400)
    const answer = (rows: string) =>
      c.body(rows, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Checksum': collection.checksum })
    const kept = answers.get(name, collection.checksum, asked)
    if (kept !== undefined) return answer(kept)
    try {
      const job = {
        collection: name,
        dumpFile: join(site.distDir, '__content', name, 'sql_dump.txt'),
        checksum: collection.checksum,
        table: collection.table,
        columns: collection.columns.map((col) => col.name),
        sql: asked,
      }
      const rows = await runner.run(job, clientGroup(clientAddress(c, settings)), c.req.raw.signal)
      // The statement as sent passed the guard, which decides on its text alone.
      answers.set(name, collection.checksum, asked, rows)
      return answer(rows)
    } catch (error) {
      if (error instanceof QueryFailed) {
        if (error.code === 'refused') return c.json({ error: `refused: ${error.message}` }, 400)
        if (error.code === 'row-cap' || error.code === 'too-large') return c.json({ error: error.message }, 422)
      }
      if (error instanceof QueryTimeout) return c.json({ error: error.message }, 503)
      if (error instanceof QueryBusy) return c.json({ error: error.message }, error.reason === 'waited' ? 503 : 429, { 'Retry-After': String(error.retryAfter) })
      console.error('query endpoint:', error)
      return c.json({ error: 'the query failed on the server' }, 500)
    }
  })
  app.all('/__content/:collection/query', (c) => c.json({ error: 'use POST with {"sql": "SELECT …"}' }, 405, { Allow: 'POST' }))

  const findFile = fileFinder(site.distDir)
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const path = c.req.path
    const file = await findFile(path)
    if (file && !path.endsWith('/index.html')) {
      // An HTML file asked for by name (the service worker's shell, `/200.html`) runs its
      // inline scripts as a page does: it gets the policy of its own bytes.
      if (!path.endsWith('.html')) return fileResponse(c.req.raw, file, { 'Cache-Control': cacheControl(path, c, site) })
      const page = await readPage(file, inlineHashes)
      return pageResponse(c.req.raw, page, { 'Cache-Control': REVALIDATE, 'Content-Security-Policy': policy(page.derived) })
    }

    // The path as the client sent it (still percent-encoded): a Location built from it
    // needs no re-encoding, and encoded slashes stay visible to the checks.
    const redirect = redirectFor(stripBase(base, new URL(c.req.url).pathname), site.redirects, versionPaths, defaultVersion)
    if (redirect) {
      const search = new URL(c.req.url).search
      return c.redirect(redirect.startsWith('/') ? redirect + search : redirect, 301)
    }
    // A missing file is a JSON 404, but a route whose last segment looks like a file
    // name (a docs version's own page, `/docs/4.x`) is a page.
    const known = knownRoutes.has(path)
    if ((!known && /\.[a-z0-9]+$/i.test(path)) || path.startsWith('/__content/') || path.startsWith('/_app/')) {
      return c.json({ error: `not found: ${path}` }, 404)
    }
    // The app shell: the route's own HTML (its head tags) when the build wrote one,
    // 200.html for other app routes, 404.html for paths nothing answers.
    // A path in another language is answered in it (`/es/404.html`), where the build wrote one.
    const missing = async () => (await findFile(notFoundPage(config, path))) ?? (await findFile('/404.html'))
    const html = (known ? ((await findFile(join(path, 'index.html'))) ?? (await findFile('/200.html'))) : await missing()) ?? (await findFile('/index.html'))
    if (!html) return c.text('index.html is missing: run npm run build', 500)
    // The policy allows the inline scripts and styles of the very HTML sent, whenever the build wrote it.
    const page = await readPage(html, inlineHashes)
    return pageResponse(c.req.raw, page, { 'Cache-Control': REVALIDATE, 'Content-Security-Policy': policy(page.derived) }, known ? 200 : 404)
  })
  // Pages are read, never written to.
  app.all('*', (c) => c.json({ error: `${c.req.method} is not allowed here: pages answer ${PAGE_METHODS}` }, 405, { Allow: PAGE_METHODS }))
  return app
}

/**
 * The site under a base path: a request outside it is no page of the site (the bare
 * origin goes to the base, where the site starts), the base without its slash gets it,
 * and a `Location` the handlers set, a site path, is put under the base.
 */
function underBase(base: string) {
  return async (c: Context, next: () => Promise<void>) => {
    const requested = new URL(c.req.url).pathname
    if (requested === '/') return c.redirect(base, 302)
    if (requested === base.slice(0, -1)) return c.redirect(`${base}${new URL(c.req.url).search}`, 301)
    if (!isUnderBase(base, requested)) return c.json({ error: `not found: ${requested} (this site is served under ${base})` }, 404)
    await next()
    const location = c.res.headers.get('Location')
    if (location?.startsWith('/') && !location.startsWith('//')) {
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('Location', withBase(base, location))
    }
  }
}

/** The statement of a query body, `{"sql": "…"}`, or undefined when the body is not that. */
function statementOf(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text)
    return typeof body === 'object' && body !== null && 'sql' in body && typeof body.sql === 'string' ? body.sql : undefined
  } catch {
    return undefined
  }
}

/**
 * A request body as text, or undefined past `max` bytes. Under @hono/node-server it is
 * read from Node's request itself: the web Request the adapter would otherwise build
 * for the body (headers copied, a stream, an abort signal) was a quarter of the query
 * endpoint's CPU time. Past `max`, what is left of the body is not kept.
 */
async function readBody(c: Context, max: number): Promise<string | undefined> {
  if (Number(c.req.header('content-length')) > max) return undefined
  const incoming = nodeRequest(c.env)
  if (!incoming) {
    const text = await c.req.text()
    return Buffer.byteLength(text) > max ? undefined : text
  }
  if (incoming.readableEnded) throw new Error('the request body was already read')
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose)
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= max) return void chunks.push(chunk)
      stop()
      // Read on and dropped, so the connection can carry the 413.
      incoming.resume()
      resolve(undefined)
    }
    const onEnd = () => {
      stop()
      resolve(Buffer.concat(chunks).toString('utf8'))
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    // The client went away before the end of its body.
    const onClose = () => onError(new Error('the request was closed before its body ended'))
    incoming.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose)
  })
}

/** Node's request under @hono/node-server (absent when the app is called directly, as in tests). */
function nodeRequest(env: unknown): IncomingMessage | undefined {
  return typeof env === 'object' && env !== null && 'incoming' in env && env.incoming instanceof IncomingMessage ? env.incoming : undefined
}

/**
 * Content and payload URLs carry their version (`?v=`): cached for good when it is the
 * current one, revalidated otherwise. Hashed app bundles never change; manifests and
 * HTML always revalidate. Module thumbnails and icon files are named by their content.
 */
function cacheControl(path: string, c: Context, site: BuiltSite): string {
  if (path.startsWith('/_app/') || path.startsWith(THUMBNAIL_BASE) || isIconFile(path)) return IMMUTABLE
  // The browser compares the service worker with the server's on every visit.
  if (path === '/sw.js') return REVALIDATE
  const v = c.req.query('v')
  const content = /^\/__content\/([^/]+)\/(sql_dump\.txt|db\.sqlite|search\.json|navigation\.json)$/.exec(path)
  if (content) {
    const entry = site.manifest.collections[content[1] ?? '']
    const current = content[2] === 'search.json' ? entry?.search?.checksum : content[2] === 'navigation.json' ? entry?.navigation?.checksum : entry?.checksum
    return v && v === current ? IMMUTABLE : REVALIDATE
  }
  if (path.endsWith('/_payload.json')) return v && v === site.buildId ? IMMUTABLE : REVALIDATE
  if (path.endsWith('.html') || path.startsWith('/builds/') || path.startsWith('/__content/')) return REVALIDATE
  return SHORT
}

/** An icon file of the build, named by its content (`/_icons/lucide.3f9a0c1e2b4d.json`). */
const isIconFile = (path: string) => path.startsWith(ICONS_BASE) && /\.[a-f0-9]{12}\.json$/.test(path)

/**
 * Where a request path (percent-encoded, as sent) redirects, if anywhere: repeated
 * slashes collapse and a trailing slash is dropped; then the build manifest's
 * redirects (fixed targets from the site config); then any /docs path outside a
 * version goes to the same path under the default version. A path that could resolve
 * off-site is never redirected.
 */
export function redirectFor(requested: string, redirects: Readonly<Record<string, string>>, versions: readonly string[], defaultVersion: string | undefined): string | undefined {
  const safe = redirectablePath(requested)
  if (safe === undefined) return undefined
  const path = safe.length > 1 ? safe.replace(/\/$/, '') : safe
  if (path !== requested) return path
  const target = redirects[decodePath(path)]
  if (target) return target
  if (defaultVersion && path.startsWith('/docs/') && !versions.some((v) => isInside(path, v))) {
    return defaultVersion + path.slice('/docs'.length)
  }
  return undefined
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
