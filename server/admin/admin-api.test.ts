import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

import type { Client } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { adminContentResponseSchema, adminModulesResponseSchema, adminSubscribersResponseSchema } from '../../src/contract/api-schemas'
import { buildFixture, createFixture, type Fixture, md } from '../../testing/fixture-site'
import { createApp } from '../app'
import { openDatabase } from '../newsletter/database'
import { loadSite } from '../site'
import { NOT_AN_ADMIN, SIGN_IN_REQUIRED } from './api'
import { createSignInToken, SIGN_IN_LINK_TTL_MS } from './sign-in-links'

let fixture: Fixture
let db: Client
let app: ReturnType<typeof createApp>
let formerAdminApp: ReturnType<typeof createApp>
let adminCookie: string

const module = (name: string, category: string, downloads: number, publishedAt: string) =>
  `name: ${name}\nnpm: ${name}\ndescription: ${name}.\nicon: ${name}.svg\ncategory: ${category}\ntype: ${name === 'ui' ? 'official' : 'other'}\nrepo: x/${name}\nstats: { downloads: ${downloads}, stars: 3, publishedAt: ${publishedAt}, createdAt: 2024-01-01T00:00:00Z }\nmaintainers:\n  - { name: Ada, github: ada }\n`

/** Follows a one-time sign-in link; the session cookie it sets (or none) and where it leads. */
async function follow(target: ReturnType<typeof createApp>, token: string) {
  const res = await target.request(`http://127.0.0.1/api/_auth/link?token=${encodeURIComponent(token)}`)
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('fjord-session=')) ?? '').split(';')[0] ?? ''
  return { status: res.status, location: res.headers.get('location'), cookie }
}

const get = (path: string, cookie = adminCookie, target = app) => target.request(`http://127.0.0.1/api/admin${path}`, { headers: cookie ? { cookie } : {} })

beforeAll(async () => {
  fixture = await createFixture({
    'content/modules/ui.yml': module('ui', 'UI', 900, '2026-10-01T00:00:00Z'),
    'content/modules/forms.yml': module('forms', 'UI', 300, '2026-09-01T00:00:00Z'),
    'content/modules/old-cache.yml': module('old-cache', 'Performance', 50, '2023-01-01T00:00:00Z'),
    'public/hello.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'content/blog/hello.md': md(
      { title: 'Hello', description: 'A post.', date: '2026-01-01', category: 'Release', image: '/hello.svg', authors: [{ name: 'Ada' }] },
      'See [nowhere](/docs/4.x/missing).',
    ),
  })
  const dist = join(fixture.root, 'dist')
  const dataDir = join(fixture.root, 'data')
  await buildFixture(fixture, dist, { brokenLinks: 'warn' })
  const site = await loadSite(dist)
  const settings = { publicUrl: new URL('https://fjord.test') }
  app = createApp({ site, config: fixture.config, api: { env: {}, secret: 'test-secret', dataDir }, settings })
  // The same server after ingridsolberg was taken off auth.admins: her cookie still verifies, her session is refused (and ended).
  formerAdminApp = createApp({
    site,
    config: { ...fixture.config, auth: { ...fixture.config.auth, admins: ['tomasreyes'] } },
    api: { env: {}, secret: 'test-secret', dataDir },
    settings,
  })
  db = await openDatabase({ dataDir })
  const signedIn = await follow(app, await createSignInToken(db, 'ingridsolberg'))
  adminCookie = signedIn.cookie
  const now = Date.parse('2026-11-20T10:00:00Z')
  for (let i = 0; i < 30; i++) {
    await db.execute({
      sql: 'INSERT INTO subscribers (email, status, created_at, confirmed_at, unsubscribe_token) VALUES (?, ?, ?, ?, ?)',
      args: [`reader${String(i).padStart(2, '0')}@example.com`, i % 3 === 0 ? 'confirmed' : 'pending', now + i * 1000, i % 3 === 0 ? now + i * 1000 + 500 : null, `t${i}`],
    })
  }
  await db.execute({ sql: "INSERT INTO subscribers (email, status, created_at, unsubscribe_token) VALUES ('=cmd|calc@evil.example', 'pending', ?, 'evil')", args: [now + 99_000] })
  await db.execute({ sql: "INSERT INTO subscribers (email, status, created_at, unsubscribe_token) VALUES ('100%_sure@example.com', 'pending', ?, 'pct')", args: [now + 98_000] })
})
afterAll(async () => {
  db?.close()
  await fixture.cleanup()
})

describe('one-time sign-in links', () => {
  it('sign an administrator in once, then never again', async () => {
    const token = await createSignInToken(db, 'tomasreyes')
    const first = await follow(app, token)
    expect(first).toMatchObject({ status: 302, location: '/admin' })
    expect(first.cookie).toMatch(/^fjord-session=/)
    expect(await (await app.request('/api/_auth/session', { headers: { cookie: first.cookie } })).json()).toMatchObject({ user: { login: 'tomasreyes' } })
    expect(await follow(app, token)).toMatchObject({ location: '/admin/login?error=link-invalid', cookie: '' })
  })

  it('expire after 10 minutes, and refuse a mistyped token or a login no longer an admin', async () => {
    const stale = await createSignInToken(db, 'ingridsolberg', Date.now() - SIGN_IN_LINK_TTL_MS - 1)
    expect(await follow(app, stale)).toMatchObject({ location: '/admin/login?error=link-invalid', cookie: '' })
    expect(await follow(app, 'not-a-token')).toMatchObject({ location: '/admin/login?error=link-invalid', cookie: '' })
    expect(await follow(formerAdminApp, await createSignInToken(db, 'ingridsolberg'))).toMatchObject({ location: '/admin/login?error=not-admin', cookie: '' })
  })
})

describe('the admin API', () => {
  it('answers 401 with a message to a guest and to a forged cookie, and 403 (once) to a login taken off the admins, on every route', async () => {
    const [name, value] = adminCookie.split('=') as [string, string]
    const [payload] = decodeURIComponent(value).split('.')
    const forged = `${name}=${encodeURIComponent(`${JSON.stringify({ user: { login: 'mallory' } })}.${decodeURIComponent(value).split('.').pop()}`)}`
    const unsigned = `${name}=${encodeURIComponent(payload ?? '')}`
    for (const [method, path] of [
      ['GET', '/subscribers'],
      ['GET', '/subscribers.csv'],
      ['DELETE', '/subscribers/1'],
      ['GET', '/content'],
      ['GET', '/modules'],
      ['GET', '/anything'],
    ] as const) {
      for (const cookie of ['', forged, unsigned]) {
        const res = await app.request(`http://127.0.0.1/api/admin${path}`, {
          method,
          headers: { origin: 'https://fjord.test', 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        })
        expect(res.status, `${method} ${path} ${cookie ? 'forged' : 'guest'}`).toBe(401)
        expect(await res.json()).toMatchObject({ message: SIGN_IN_REQUIRED })
      }
      // A session of her own for each route: the first refusal ends it.
      const { cookie: former } = await follow(app, await createSignInToken(db, 'ingridsolberg'))
      const request = () =>
        formerAdminApp.request(`http://127.0.0.1/api/admin${path}`, { method, headers: { origin: 'https://fjord.test', 'content-type': 'application/json', cookie: former } })
      const refused = await request()
      expect(refused.status, `${method} ${path} former admin`).toBe(403)
      expect(await refused.json()).toMatchObject({ message: NOT_AN_ADMIN })
      expect((await request()).status, `${method} ${path} former admin, again`).toBe(401)
    }
  })

  it('lists subscribers a page at a time, newest first, with search, status filter, sort and counts', async () => {
    const first = adminSubscribersResponseSchema.parse(await (await get('/subscribers?perPage=10')).json())
    expect(first).toMatchObject({ total: 32, page: 1, perPage: 10, counts: { confirmed: 10, pending: 22 } })
    expect(first.subscribers.map((s) => s.email).slice(0, 3)).toEqual(['=cmd|calc@evil.example', '100%_sure@example.com', 'reader29@example.com'])
    const last = adminSubscribersResponseSchema.parse(await (await get('/subscribers?perPage=10&page=4')).json())
    expect(last.subscribers.map((s) => s.email)).toEqual(['reader01@example.com', 'reader00@example.com'])

    const confirmed = adminSubscribersResponseSchema.parse(await (await get('/subscribers?status=confirmed&sort=email&order=asc&perPage=100')).json())
    expect(confirmed.total).toBe(10)
    expect(confirmed.subscribers.map((s) => s.email)).toEqual(Array.from({ length: 10 }, (_, i) => `reader${String(i * 3).padStart(2, '0')}@example.com`))
    expect(confirmed.subscribers.every((s) => s.status === 'confirmed' && s.confirmedAt !== null)).toBe(true)

    // Case-insensitive, and % _ matched as themselves.
    const search = async (q: string) => adminSubscribersResponseSchema.parse(await (await get(`/subscribers?q=${encodeURIComponent(q)}`)).json()).subscribers.map((s) => s.email)
    expect(await search('READER1')).toHaveLength(10)
    expect(await search('%_')).toEqual(['100%_sure@example.com'])
    expect(await search('nobody')).toEqual([])

    const bad = await get('/subscribers?status=gone&perPage=1000')
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toMatch(/perPage \(1 to 100\)/)
  })

  it('exports the matching subscribers as CSV, formulas defused', async () => {
    const res = await get('/subscribers.csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = (await res.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe('email,status,created_at,confirmed_at,address_problem')
    expect(lines).toHaveLength(33)
    expect(lines[1]).toBe('reader00@example.com,confirmed,2026-11-20T10:00:00.000Z,2026-11-20T10:00:00.500Z,')
    expect(lines[2]).toBe('reader01@example.com,pending,2026-11-20T10:00:01.000Z,,')
    expect(lines).toContain("'=cmd|calc@evil.example,pending,2026-11-20T10:01:39.000Z,,")
    const confirmedOnly = (await (await get('/subscribers.csv?status=confirmed')).text()).trimEnd().split('\r\n')
    expect(confirmedOnly).toHaveLength(11)
  })

  it('deletes a subscriber (and its unsent email) once; a cross-site delete is refused', async () => {
    const { subscribers } = adminSubscribersResponseSchema.parse(await (await get('/subscribers?q=reader05')).json())
    const id = subscribers[0]?.id ?? 0
    await db.execute({ sql: "INSERT INTO mail_queue (kind, subscriber_id, next_attempt_at, created_at) VALUES ('confirm', ?, 0, 0)", args: [id] })
    const remove = (origin: string) =>
      app.request(`http://127.0.0.1/api/admin/subscribers/${id}`, { method: 'DELETE', headers: { origin, 'content-type': 'application/json', cookie: adminCookie } })
    expect((await remove('https://evil.example')).status).toBe(403)
    expect((await remove('https://fjord.test')).status).toBe(200)
    expect((await remove('https://fjord.test')).status).toBe(404)
    expect(Number((await db.execute({ sql: 'SELECT count(*) AS n FROM mail_queue WHERE subscriber_id = ?', args: [id] })).rows[0]?.n)).toBe(0)
    expect(adminSubscribersResponseSchema.parse(await (await get('/subscribers?q=reader05')).json()).total).toBe(0)
  })

  it('describes the deployed content: build, collections with rows and database file sizes, docs pages, the build warnings', async () => {
    const content = adminContentResponseSchema.parse(await (await get('/content')).json())
    expect(content.build.timestamp).toEqual(expect.any(Number))
    const modules = content.collections.find((c) => c.name === 'modules')
    expect(modules).toMatchObject({ rows: 3, type: 'data' })
    expect(modules?.bytes.raw).toBeGreaterThan(modules?.bytes.gzip ?? Infinity)
    expect(content.docs.map((d) => d.path)).toEqual(['/docs/4.x', '/docs/3.x', '/es/docs/4.x'])
    expect(content.warnings?.brokenLinks).toBe(1)
    expect(content.warnings?.shown).toContainEqual(expect.objectContaining({ file: expect.stringContaining('hello.md'), message: expect.stringContaining('/docs/4.x/missing') }))
    // The report itself (file paths, warnings) is not a file of the site: it is written beside dist/, not in it.
    expect((await readdir(join(fixture.root, 'dist'), { recursive: true })).filter((file) => file.includes('build-report'))).toEqual([])
  })

  it('sums up the module directory', async () => {
    const figures = adminModulesResponseSchema.parse(await (await get('/modules')).json())
    expect(figures).toMatchObject({ total: 3, official: 1, downloads: 1250, stars: 9, stale: 1 })
    expect(figures.categories).toEqual([
      { category: 'UI', modules: 2, downloads: 1200 },
      { category: 'Performance', modules: 1, downloads: 50 },
    ])
    expect(figures.top.map((m) => m.name)).toEqual(['ui', 'forms', 'old-cache'])
  })
})
