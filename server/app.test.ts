import { mkdir, readdir, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createQuery } from '../src/contract/content/query-builder'
import { buildFixture, createFixture, type Fixture, md } from '../testing/fixture-site'
import { createApp } from './app'
import { QueryBusy, QueryRunner, QueryTimeout } from './query/runner'
import { type BuiltSite, loadSite } from './site'

let fixture: Fixture
let site: BuiltSite
let runner: QueryRunner
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  fixture = await createFixture({
    'content/docs/4.x/1.getting-started/1.intro.md': md({ title: 'Intro', description: "Fjord's start." }, '## Install\n\nRun it.\n'),
    'content/docs/4.x/1.getting-started/2.setup.md': md({ title: 'Setup' }, 'Set it up.'),
    // A version with a page of its own at its root (`/docs/3.x`, which looks like a file name).
    'content/docs/3.x/index.md': md({ title: 'Fjord 3' }, 'The 3.x docs.'),
    // A module whose SVG icon the build draws as a thumbnail.
    'content/modules/thing.yml':
      'name: thing\nnpm: fjord-thing\ndescription: A module.\nicon: thing.svg\ncategory: UI\ntype: other\nrepo: acme/thing\nstats: { downloads: 1, stars: 1, publishedAt: 2026-01-02, createdAt: 2025-01-02 }\n',
    'public/icons/modules/thing.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#0a0"/></svg>',
  })
  const dist = join(fixture.root, 'dist')
  await buildFixture(fixture, dist)
  await writeFile(join(dist, 'index.html'), `<!doctype html><title>Fjord</title>${'<!-- padding -->'.repeat(100)}`)
  // What the build writes for each other language (content-build/outputs/html.ts).
  await mkdir(join(dist, 'es'), { recursive: true })
  await writeFile(join(dist, 'es', '404.html'), '<!doctype html>\n<html lang="es" dir="ltr"><title>Página no encontrada</title></html>')
  site = await loadSite(dist)
  runner = new QueryRunner({ budgetMs: 5000, maxRows: 100, queue: { holdMs: 0 } })
  app = createApp({ site, config: fixture.config, runner })
})
afterAll(async () => {
  await runner.close()
  await fixture.cleanup()
})

const query = (collection: string, body: unknown) =>
  app.request(`/__content/${collection}/query`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })

describe('query endpoint', () => {
  it('answers a statement the builder emits with rows', async () => {
    const sql = createQuery('docsv4').select('title', 'description').where('path', '=', '/docs/4.x/getting-started/intro').toSQL()
    const res = await query('docsv4', { sql })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([{ title: 'Intro', description: "Fjord's start." }])
    expect(res.headers.get('x-content-checksum')).toBe(site.manifest.collections.docsv4?.checksum)
  })

  it('refuses anything else with 400 and says what was refused', async () => {
    const res = await query('docsv4', { sql: 'SELECT COUNT(*) as c,(SELECT sql FROM sqlite_master) FROM "_content_docsv4"' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: expect.stringMatching(/^refused: /) })
    expect((await query('docsv4', 'not json')).status).toBe(400)
    expect((await query('docsv4', { nope: 1 })).status).toBe(400)
  })

  it('answers 404 for an unknown collection and 413 for a body over 64 KB', async () => {
    expect((await query('secrets', { sql: 'SELECT * FROM "_content_secrets"' })).status).toBe(404)
    expect((await query('toString', { sql: 'x' })).status).toBe(404)
    expect((await query('docsv4', { sql: 'x'.repeat(70_000) })).status).toBe(413)
  })

  it('only accepts POST', async () => {
    const res = await app.request('/__content/docsv4/query')
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST')
  })

  it('caps rows, and refuses a statement past a cost bound naming the bound', async () => {
    const capped = new QueryRunner({ budgetMs: 5000, maxRows: 1, queue: { holdMs: 0 } })
    try {
      const all = createQuery('docsv4').select('path').toSQL()
      const res = await createApp({ site, config: fixture.config, runner: capped }).request('/__content/docsv4/query', { method: 'POST', body: JSON.stringify({ sql: all }) })
      expect(res.status).toBe(422)
      expect(await res.json()).toEqual({ error: 'the result has more than 1 rows: add a limit' })
    } finally {
      await capped.close()
    }
    // The probe's statement: 290 LIKE patterns of 26 wildcards each, joined by OR.
    const terms = Array.from({ length: 290 }, (_, i) => `"body" LIKE '%a%b%c%d%e%f%g%h%i%j%k%l%m%n%o%p%q%r%s%t%u%v%w%x%y%z${i}%' ESCAPE '\\'`)
    const probe = await query('docsv4', { sql: `SELECT "path" FROM "_content_docsv4" WHERE (${terms.join(' OR ')})` })
    expect(probe.status).toBe(400)
    expect(await probe.json()).toEqual({ error: 'refused: a LIKE pattern holds at most 4 wildcards (% and _), this one 27' })
    const many = Array.from({ length: 9 }, (_, i) => `"title" LIKE '%${i}%' ESCAPE '\\'`)
    const likes = await query('docsv4', { sql: `SELECT "path" FROM "_content_docsv4" WHERE (${many.join(' OR ')})` })
    expect(await likes.json()).toEqual({ error: 'refused: a query holds at most 8 LIKE conditions, this one 9' })
  })

  it('answers a statement stopped past its budget with 503, and a client over its queue with 429 and Retry-After', async () => {
    class FailingRunner extends QueryRunner {
      constructor(private readonly error: Error) {
        super({ budgetMs: 1000, maxRows: 10 })
      }
      override run(): Promise<string> {
        return Promise.reject(this.error)
      }
    }
    const send = (error: Error) =>
      createApp({ site, config: fixture.config, runner: new FailingRunner(error) }).request('/__content/docsv4/query', {
        method: 'POST',
        body: JSON.stringify({ sql: createQuery('docsv4').select('path').toSQL() }),
      })
    const stopped = await send(new QueryTimeout('the query ran longer than 1000 ms and was stopped'))
    expect([stopped.status, await stopped.json()]).toEqual([503, { error: 'the query ran longer than 1000 ms and was stopped' }])
    const full = await send(new QueryBusy('this client has too many statements waiting: try again shortly', 'client-full', 3))
    expect([full.status, full.headers.get('retry-after'), await full.json()]).toEqual([429, '3', { error: 'this client has too many statements waiting: try again shortly' }])
    const waited = await send(new QueryBusy('the statement waited 10 s for its turn: the endpoint is busy', 'waited', 2))
    expect([waited.status, waited.headers.get('retry-after')]).toEqual([503, '2'])
  })
})

describe('query endpoint behind a real socket (the body read from Node)', () => {
  it('answers a statement, refuses a body that is not JSON, and one over 64 KB sent without its length', async () => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
    await new Promise((resolve) => server.once('listening', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__content/docsv4/query`
    try {
      const sql = createQuery('docsv4').select('title').where('path', '=', '/docs/4.x/getting-started/intro').toSQL()
      const ok = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sql }) })
      expect(ok.status).toBe(200)
      expect(await ok.json()).toEqual([{ title: 'Intro' }])
      const notJson = await fetch(url, { method: 'POST', body: '{"sql": ' })
      expect(notJson.status).toBe(400)
      expect(await notJson.json()).toEqual({ error: 'refused: the body must be JSON of the form {"sql": "SELECT …"}' })
      // Streamed in parts, with no Content-Length: the size is counted as it arrives.
      const parts = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(8 * 1024)))
          controller.close()
        },
      })
      const large = await fetch(url, { method: 'POST', body: parts, duplex: 'half' } as RequestInit)
      expect(large.status).toBe(413)
      expect(await large.json()).toEqual({ error: 'the request body is larger than 64 KB' })
    } finally {
      server.close()
    }
  })
})

describe('query endpoint answers kept for repeats', () => {
  /** A runner that counts the statements it runs. */
  class CountingRunner extends QueryRunner {
    runs = 0
    override run(...args: Parameters<QueryRunner['run']>) {
      this.runs++
      return super.run(...args)
    }
  }
  const send = (target: ReturnType<typeof createApp>, sql: string) =>
    target.request('/__content/docsv4/query', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sql }) })

  it('answers a repeated statement without running it again, and another statement by running it', async () => {
    const counting = new CountingRunner({ budgetMs: 5000, maxRows: 100 })
    try {
      const cached = createApp({ site, config: fixture.config, runner: counting })
      const sql = createQuery('docsv4').select('title').where('path', '=', '/docs/4.x/getting-started/setup').toSQL()
      const first = await send(cached, sql)
      const again = await send(cached, sql)
      expect(again.status).toBe(200)
      expect(await again.json()).toEqual(await first.json())
      expect(again.headers.get('x-content-checksum')).toBe(site.manifest.collections.docsv4?.checksum)
      expect(counting.runs).toBe(1)
      expect(await (await send(cached, sql.replace('setup', 'intro'))).json()).toEqual([{ title: 'Intro' }])
      expect(counting.runs).toBe(2)
    } finally {
      await counting.close()
    }
  })

  it('keeps no refusal or failure, and nothing when its size is 0', async () => {
    const capped = new CountingRunner({ budgetMs: 5000, maxRows: 1, queue: { holdMs: 0 } })
    const counting = new CountingRunner({ budgetMs: 5000, maxRows: 100 })
    try {
      const all = createQuery('docsv4').select('path').toSQL()
      const cappedApp = createApp({ site, config: fixture.config, runner: capped })
      expect((await send(cappedApp, all)).status).toBe(422)
      expect((await send(cappedApp, all)).status).toBe(422)
      expect(capped.runs).toBe(2)
      const refused = 'SELECT sql FROM sqlite_master'
      expect((await send(cappedApp, refused)).status).toBe(400)
      expect((await send(cappedApp, refused)).status).toBe(400)
      const uncached = createApp({ site, config: fixture.config, runner: counting, queryCacheBytes: 0 })
      expect((await send(uncached, all)).status).toBe(200)
      expect((await send(uncached, all)).status).toBe(200)
      expect(counting.runs).toBe(2)
    } finally {
      await capped.close()
      await counting.close()
    }
  })
})

describe('a build made for a base path', () => {
  // The fixture's files, as a build for /fjord/ records itself (builds/latest.json `base`).
  const under = () => createApp({ site: { ...site, base: '/fjord/' }, config: fixture.config, runner })
  const answer = async (path: string, init?: RequestInit) => {
    const res = await under().request(path, init)
    return [res.status, res.headers.get('location')]
  }

  it('serves its pages, files, API and query endpoint under the base', async () => {
    const app = under()
    const page = await app.request('/fjord/docs/4.x/getting-started/intro')
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8'])
    expect((await app.request('/fjord/')).status).toBe(200)
    expect((await app.request('/fjord/__content/manifest.json')).status).toBe(200)
    expect((await app.request(`/fjord/docs/4.x/getting-started/intro/_payload.json?v=${site.buildId}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await app.request('/fjord/no/such/page')).status).toBe(404)
    const sql = createQuery('docsv4').select('title').where('path', '=', '/docs/4.x/getting-started/setup').toSQL()
    const rows = await app.request('/fjord/__content/docsv4/query', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sql }) })
    expect(await rows.json()).toEqual([{ title: 'Setup' }])
  })

  it('answers nothing outside the base but the bare origin, which leads to it', async () => {
    expect(await answer('/')).toEqual([302, '/fjord/'])
    expect(await answer('/fjord')).toEqual([301, '/fjord/'])
    expect(await answer('/docs/4.x/getting-started/intro')).toEqual([404, null])
    expect(await answer('/__content/manifest.json')).toEqual([404, null])
    expect(await answer('/fjordx/docs')).toEqual([404, null])
  })

  it('keeps its redirects under the base', async () => {
    expect(await answer('/fjord/docs')).toEqual([301, '/fjord/docs/4.x/getting-started/intro'])
    expect(await answer('/fjord/docs/getting-started/setup?x=1')).toEqual([301, '/fjord/docs/4.x/getting-started/setup?x=1'])
    expect(await answer('/fjord/docs/4.x/getting-started/')).toEqual([301, '/fjord/docs/4.x/getting-started'])
    expect(await answer('/fjord/support/us')).toEqual([301, '/fjord/enterprise/sponsors'])
  })
})

describe('static files and routes', () => {
  it('serves the app shell with 200 for known routes and 404 for unknown ones', async () => {
    const page = await app.request('/docs/4.x/getting-started/intro')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('cache-control')).toBe('no-cache')
    expect((await app.request('/modules')).status).toBe(200)
    expect((await app.request('/admin/login')).status).toBe(200)
    const missing = await app.request('/no/such/page')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('<title>Fjord</title>')
    // A path under another language's code is answered in that language.
    const spanish = await app.request('/es/no/such/page')
    expect(spanish.status).toBe(404)
    const html = await spanish.text()
    expect(html).toContain('<html lang="es" dir="ltr">')
    expect(html).toContain('<title>Página no encontrada</title>')
    expect((await app.request('/missing.png')).status).toBe(404)
    // A version's root page is a page, though its last segment looks like a file name.
    const root = await app.request('/docs/3.x')
    expect(root.status).toBe(200)
    expect(root.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect((await app.request('/assets/missing.x')).status).toBe(404)
  })

  it('redirects with the build manifest, unversioned docs paths and trailing slashes', async () => {
    const location = async (path: string) => {
      const res = await app.request(path)
      return [res.status, res.headers.get('location')]
    }
    expect(await location('/docs')).toEqual([301, '/docs/4.x/getting-started/intro'])
    expect(await location('/docs/getting-started/setup?x=1')).toEqual([301, '/docs/4.x/getting-started/setup?x=1'])
    expect(await location('/docs/4.x/getting-started/')).toEqual([301, '/docs/4.x/getting-started'])
    expect(await location('/support/us')).toEqual([301, '/enterprise/sponsors'])
  })

  it('caches versioned content for good, and everything else as it may change', async () => {
    const entry = site.manifest.collections.docsv4
    const header = async (path: string) => (await app.request(path)).headers.get('cache-control')
    expect(await header(`/__content/docsv4/sql_dump.txt?v=${entry?.checksum}`)).toBe('public, max-age=31536000, immutable')
    expect(await header('/__content/docsv4/sql_dump.txt?v=stale')).toBe('no-cache')
    expect(await header(`/__content/docsv4/db.sqlite?v=${entry?.checksum}`)).toBe('public, max-age=31536000, immutable')
    expect(await header('/__content/docsv4/db.sqlite?v=stale')).toBe('no-cache')
    expect(await header(`/docs/4.x/getting-started/intro/_payload.json?v=${site.buildId}`)).toBe('public, max-age=31536000, immutable')
    expect(await header('/__content/manifest.json')).toBe('no-cache')
    expect(await header('/builds/latest.json')).toBe('no-cache')
    // Module thumbnails are named by their content.
    const [thumbnail] = await readdir(join(site.distDir, '_thumbnails'))
    expect(thumbnail).toMatch(/\.png$/)
    const png = await app.request(`/_thumbnails/${thumbnail}`)
    expect(png.status).toBe(200)
    expect(png.headers.get('content-type')).toBe('image/png')
    expect(png.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // So are the icon files the manifest names.
    const lucide = site.manifest.icons?.lucide ?? ''
    expect(lucide).toMatch(/^\/_icons\/lucide\.[a-f0-9]{12}\.json$/)
    const icons = await app.request(lucide)
    expect(icons.status).toBe(200)
    expect(icons.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Object.keys(((await icons.json()) as { icons: object }).icons)).toContain('search')
  })

  it('serves the precompressed database file, and compresses the SQL dump and other text on request', async () => {
    const dump = await app.request('/__content/docsv4/sql_dump.txt', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(dump.headers.get('content-encoding')).toBe('br')
    expect(dump.headers.get('vary')).toBe('Accept-Encoding')
    const html = await app.request('/docs/4.x/getting-started/intro', { headers: { 'accept-encoding': 'gzip' } })
    expect(html.headers.get('content-encoding')).toBe('gzip')
    const plain = await app.request('/__content/docsv4/sql_dump.txt')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toContain('CREATE TABLE')
    // The same collection as a database file, precompressed too.
    const image = await app.request('/__content/docsv4/db.sqlite', { headers: { 'accept-encoding': 'gzip' } })
    expect([image.headers.get('content-type'), image.headers.get('content-encoding')]).toEqual(['application/vnd.sqlite3', 'gzip'])
  })

  it('answers 304 to a matching ETag', async () => {
    const first = await app.request('/__content/manifest.json')
    const etag = first.headers.get('etag') ?? ''
    expect((await app.request('/__content/manifest.json', { headers: { 'if-none-match': etag } })).status).toBe(304)
  })

  it('never serves files outside dist', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/%00']) {
      const res = await app.request(path)
      expect(res.status, path).not.toBe(200)
    }
  })
})
