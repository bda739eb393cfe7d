import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { http, HttpResponse, type RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import initSqlJs, { type Database } from 'sql.js'

import { createApi } from '../../server/api'
import { guardQuery, QueryRefused } from '../../server/query/guard'
import { defaultSettings } from '../../server/security/settings'
import { type BuiltSite, loadSite } from '../../server/site'
import { buildFixture, createFixture, type Fixture, md } from '../../testing/fixture-site'
import type { SiteConfig } from '../contract/site-schema'

/**
 * A small content site built by the real content build, and MSW handlers that serve
 * it the way the server does: manifest, dumps, payloads and the query endpoint (same
 * guard, SQL run on sql.js), and the product API. For component tests, with
 * onUnhandledRequest: 'error'.
 */
export interface ContentFixture {
  fixture: Fixture
  site: BuiltSite
  handlers: RequestHandler[]
  cleanup(): Promise<void>
}

export async function createContentFixture(files: Readonly<Record<string, string>> = {}): Promise<ContentFixture> {
  const fixture = await createFixture({
    'content/docs/4.x/1.getting-started/1.intro.md': md({ title: 'Intro', description: 'Where Fjord starts.' }, '## Install\n\nRead the [setup](/docs/getting-started/setup).\n'),
    'content/docs/3.x/1.getting-started/1.intro.md': md({ title: 'Intro', description: 'Where Fjord 3 starts.' }, '## Install\n\nInstall version 3.\n'),
    'content/docs/4.x/1.getting-started/2.setup.md': md(
      { title: 'Setup', description: "Set Fjord's options." },
      'Configure it.\n\n::note\nA note.\n::\n\n::mystery-box\nHidden treasure.\n::\n',
    ),
    'content/landing/modules.yml': 'title: Modules\ndescription: Extend Fjord.\nhero:\n  title: Fjord modules\n  description: One line of configuration.\n',
    'content/modules/tidal-ui.yml': [
      'name: tidal-ui',
      'npm: "@fjord/tidal-ui"',
      'description: Accessible components for Fjord.',
      'icon: https://icons.example.com/tidal-ui.svg',
      'category: UI',
      'type: official',
      'repo: fjord/tidal-ui',
      'stats: { downloads: 12345, stars: 678, publishedAt: 2026-09-01, createdAt: 2023-01-10 }',
      '',
    ].join('\n'),
    ...files,
  })
  const dist = join(fixture.root, 'dist')
  await buildFixture(fixture, dist)
  const site = await loadSite(dist)
  return { fixture, site, handlers: [...contentHandlers(site), ...apiHandlers(site, fixture.config, join(fixture.root, '.data'))], cleanup: () => fixture.cleanup() }
}

/**
 * The product API under /api, answered by the server's own API app (stats, session,
 * newsletter) over the fixture build: the mock cannot drift from the real endpoints.
 * The test environment's fetch sends no fetch metadata, so each request is marked
 * same-origin as a browser on the site would mark it.
 */
export function apiHandlers(site: BuiltSite, config: SiteConfig, dataDir: string) {
  const api = createApi({ site, config, settings: defaultSettings(config), env: {}, secret: 'test-secret', dataDir })
  const base = config.api.baseUrl.replace(/\/$/, '')
  return [
    http.all(`*${base}/*`, async ({ request }) => {
      const url = new URL(request.url)
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
      const headers = new Headers(request.headers)
      headers.set('sec-fetch-site', 'same-origin')
      return api.request(url.pathname.slice(base.length) + url.search, { method: request.method, headers, body })
    }),
  ]
}

export function contentHandlers(site: BuiltSite) {
  const databases = new Map<string, Promise<Database>>()
  const database = (name: string) => {
    let db = databases.get(name)
    if (!db) {
      db = Promise.all([initSqlJs(), readFile(join(site.distDir, '__content', name, 'sql_dump.txt'), 'utf8')]).then(([SQL, dump]) => {
        const created = new SQL.Database()
        created.exec(dump)
        return created
      })
      databases.set(name, db)
    }
    return db
  }
  const file = async (path: string) => readFile(join(site.distDir, path), 'utf8').catch(() => undefined)

  return [
    http.get('*/__content/manifest.json', () => HttpResponse.json(site.manifest)),
    // builds/latest.json, builds/meta/<id>.json (the app manifest), …
    http.get('*/builds/*', async ({ request }) => {
      const path = new URL(request.url).pathname
      const text = path.includes('..') ? undefined : await file(path.slice(path.indexOf('/builds/') + 1))
      return text === undefined ? new HttpResponse(null, { status: 404 }) : new HttpResponse(text, { headers: { 'Content-Type': 'application/json' } })
    }),
    http.get('*/_icons/:file', async ({ params }) => {
      const text = await file(join('_icons', String(params.file)))
      return text === undefined ? new HttpResponse(null, { status: 404 }) : new HttpResponse(text, { headers: { 'Content-Type': 'application/json' } })
    }),
    http.get('*/__content/:collection/:file', async ({ params }) => {
      const text = await file(join('__content', String(params.collection), String(params.file)))
      return text === undefined ? new HttpResponse(null, { status: 404 }) : HttpResponse.text(text)
    }),
    // A docs version's search index: its head, shards and chunks.
    http.get('*/__content/:collection/search/:file', async ({ params }) => {
      const text = await file(join('__content', String(params.collection), 'search', String(params.file)))
      return text === undefined ? new HttpResponse(null, { status: 404 }) : HttpResponse.text(text)
    }),
    http.get('*/_payload.json', async ({ request }) => {
      const text = await file(new URL(request.url).pathname)
      return text === undefined ? HttpResponse.json({ error: 'not found' }, { status: 404 }) : new HttpResponse(text, { headers: { 'Content-Type': 'application/json' } })
    }),
    http.post('*/__content/:collection/query', async ({ request, params }) => {
      const name = String(params.collection)
      const collection = Object.hasOwn(site.manifest.collections, name) ? site.manifest.collections[name] : undefined
      if (!collection) return HttpResponse.json({ error: `unknown collection "${name}"` }, { status: 404 })
      const body: unknown = await request.json().catch(() => undefined)
      try {
        const sql = guardQuery(typeof body === 'object' && body !== null && 'sql' in body ? body.sql : undefined, {
          table: collection.table,
          columns: collection.columns.map((c) => c.name),
        })
        const db = await database(name)
        const statement = db.prepare(sql)
        const rows: Record<string, unknown>[] = []
        while (statement.step()) rows.push(statement.getAsObject())
        statement.free()
        return HttpResponse.json(rows)
      } catch (error) {
        if (error instanceof QueryRefused) return HttpResponse.json({ error: `refused: ${error.message}` }, { status: 400 })
        throw error
      }
    }),
  ]
}

/**
 * For a test file: builds the fixture site once and serves it with MSW for the file's
 * tests (unhandled requests fail the test). Returns the fixture, ready in the tests.
 * `files` adds to its content (a translated page: `content/es/docs/4.x/...`).
 */
export function serveContentFixture(
  hooks: { beforeAll: (fn: () => Promise<void>) => void; afterAll: (fn: () => Promise<void>) => void },
  files: Readonly<Record<string, string>> = {},
): () => ContentFixture {
  let content: ContentFixture | undefined
  let server: ReturnType<typeof setupServer> | undefined
  hooks.beforeAll(async () => {
    content = await createContentFixture(files)
    server = setupServer(...content.handlers)
    server.listen({ onUnhandledRequest: 'error' })
  })
  hooks.afterAll(async () => {
    server?.close()
    await content?.cleanup()
  })
  return () => {
    if (!content) throw new Error('the content fixture is not ready yet')
    return content
  }
}
