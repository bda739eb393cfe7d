import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Client } from '@libsql/client'
import type { Hono } from 'hono'
import { generateSignedCookie } from 'hono/cookie'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import config from '../../site.config'
import { createApi } from '../api'
import { openDatabase } from '../newsletter/database'
import type { BuiltSite } from '../site'
import { NOT_AN_ADMIN, SIGN_IN_REQUIRED } from './api'
import { SESSION_IDLE_TIMEOUT_MS, SESSION_MAX_AGE_MS, SESSION_TOUCH_INTERVAL_MS } from './sessions'
import { createSignInToken } from './sign-in-links'

const SECRET = 'test-secret'
let dataDir: string
let db: Client
/** The server's clock: tests move it instead of waiting. */
let clock = Date.parse('2026-11-20T10:00:00Z')
let api: Hono
/** The same server after ingridsolberg was taken off auth.admins (same database, same secret). */
let withoutIngrid: Hono

/** The session routes read nothing of the build. */
const site = (distDir: string): BuiltSite => ({
  distDir,
  manifest: { version: 1, buildId: 'test', collections: {} },
  buildId: 'test',
  routes: new Set(),
  redirects: {},
})

const serve = (admins: string[]) =>
  createApi({
    site: site(dataDir),
    config: { ...config, auth: { ...config.auth, admins } },
    settings: { publicUrl: new URL('https://fjord.test'), trustProxy: 0, allowedOrigins: [] },
    env: {},
    secret: SECRET,
    dataDir,
    now: () => clock,
    newsletter: { log: () => undefined },
  })

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'admin-sessions-'))
  api = serve(['ingridsolberg', 'tomasreyes'])
  withoutIngrid = serve(['tomasreyes'])
  db = await openDatabase({ dataDir })
})
afterAll(async () => {
  db?.close()
  await rm(dataDir, { recursive: true, force: true })
})

/** Signs `login` in with a one-time link; the session cookie, as a `Cookie` header. */
async function signIn(login: string): Promise<string> {
  const res = await api.request(`http://127.0.0.1/_auth/link?token=${await createSignInToken(db, login, clock)}`)
  expect(res.headers.get('location')).toBe('/admin')
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('fjord-session='))
    ?.split(';')[0]
  if (!cookie) throw new Error('the sign-in set no session cookie')
  return cookie
}

/** What `GET /_auth/session` says for a cookie, and whether the answer clears the cookie. */
async function session(cookie: string, server = api) {
  const res = await server.request('http://127.0.0.1/_auth/session', { headers: { cookie } })
  return { body: await res.json(), cleared: /^fjord-session=;.*Max-Age=0/.test(res.headers.get('set-cookie') ?? '') }
}

/** The admin API's answer to a read with this cookie. */
const adminStatus = async (cookie: string, server = api) => (await server.request('http://127.0.0.1/admin/subscribers', { headers: { cookie } })).status

/** A state-changing request as a page of the site sends it. */
const fromSite = (cookie: string) => ({ origin: 'https://fjord.test', 'content-type': 'application/json', cookie })

const signedIn = { body: { user: { login: 'ingridsolberg' } }, cleared: false }
const signedOut = { body: {}, cleared: true }

describe('admin sessions kept by the server', () => {
  it('hold only the hash of the id the cookie carries, and say when the session began', async () => {
    const cookie = await signIn('ingridsolberg')
    expect(await session(cookie)).toMatchObject({
      body: { user: { login: 'ingridsolberg', name: 'ingridsolberg', avatar: '' }, loggedInAt: new Date(clock).toISOString() },
      cleared: false,
    })
    const id = decodeURIComponent(cookie.slice('fjord-session='.length)).replace(/\.[^.]+$/, '')
    const { rows } = await db.execute({ sql: 'SELECT count(*) AS n FROM admin_sessions WHERE id_hash = ?', args: [createHash('sha256').update(id).digest('hex')] })
    expect(Number(rows[0]?.n)).toBe(1)
    expect(Number((await db.execute({ sql: 'SELECT count(*) AS n FROM admin_sessions WHERE id_hash = ?', args: [id] })).rows[0]?.n)).toBe(0)
  })

  it("carry the brand's name: a site renamed Acme signs in with an acme-session cookie", async () => {
    const acme = createApi({
      site: site(dataDir),
      config: { ...config, brand: { ...config.brand, name: 'Acme' } },
      settings: { publicUrl: new URL('https://acme.test'), trustProxy: 0, allowedOrigins: [] },
      env: {},
      secret: SECRET,
      dataDir,
      now: () => clock,
      newsletter: { log: () => undefined },
    })
    const res = await acme.request(`http://127.0.0.1/_auth/link?token=${await createSignInToken(db, 'tomasreyes', clock)}`)
    const cookies = res.headers.getSetCookie().map((c) => c.split('=')[0])
    expect(cookies).toEqual(['acme-session'])
  })

  it('refuse a copy of the cookie once its session has signed out', async () => {
    const cookie = await signIn('ingridsolberg')
    const copy = cookie
    expect(await adminStatus(copy)).toBe(200)
    const out = await api.request('http://127.0.0.1/_auth/session', { method: 'DELETE', headers: fromSite(cookie) })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(/^fjord-session=;.*Max-Age=0/)
    expect(await session(copy)).toMatchObject(signedOut)
    expect(await adminStatus(copy)).toBe(401)
  })

  it('sign a login out everywhere, this session included, and leave other administrators signed in', async () => {
    const [laptop, phone, tomas] = [await signIn('ingridsolberg'), await signIn('IngridSolberg'), await signIn('tomasreyes')]
    const everywhere = (headers: Record<string, string>) => api.request('http://127.0.0.1/admin/sessions', { method: 'DELETE', headers })
    expect((await everywhere({ cookie: laptop })).status).toBe(403)
    expect((await everywhere(fromSite(''))).status).toBe(401)
    expect(await adminStatus(laptop)).toBe(200)

    const res = await everywhere(fromSite(laptop))
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toMatch(/^fjord-session=;.*Max-Age=0/)
    // The two of this test and any still open from the tests before.
    expect((await res.json()).ended).toBeGreaterThanOrEqual(2)
    for (const cookie of [laptop, phone]) {
      expect(await session(cookie)).toMatchObject(signedOut)
      expect(await adminStatus(cookie)).toBe(401)
    }
    expect(await session(tomas)).toMatchObject({ body: { user: { login: 'tomasreyes' } }, cleared: false })
    expect(await adminStatus(tomas)).toBe(200)
  })

  it('refuse, and end, the session of a login taken off auth.admins', async () => {
    const [first, second] = [await signIn('ingridsolberg'), await signIn('ingridsolberg')]
    const res = await withoutIngrid.request('http://127.0.0.1/admin/subscribers', { headers: { cookie: first } })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ message: NOT_AN_ADMIN })
    expect(res.headers.get('set-cookie')).toMatch(/^fjord-session=;.*Max-Age=0/)
    expect(await session(second, withoutIngrid)).toMatchObject(signedOut)
    // Ended for good: listed again, she signs in anew.
    for (const cookie of [first, second]) {
      expect(await session(cookie)).toMatchObject(signedOut)
      const again = await api.request('http://127.0.0.1/admin/subscribers', { headers: { cookie } })
      expect(again.status).toBe(401)
      expect(await again.json()).toMatchObject({ message: SIGN_IN_REQUIRED })
    }
  })

  it(`end after ${SESSION_IDLE_TIMEOUT_MS / 3600_000} hours without a request`, async () => {
    const cookie = await signIn('ingridsolberg')
    clock += SESSION_IDLE_TIMEOUT_MS - 1
    expect(await session(cookie)).toMatchObject(signedIn)
    clock += SESSION_IDLE_TIMEOUT_MS - 1
    expect(await adminStatus(cookie)).toBe(200)
    clock += SESSION_IDLE_TIMEOUT_MS
    expect(await session(cookie)).toMatchObject(signedOut)
    clock -= SESSION_IDLE_TIMEOUT_MS
    expect(await session(cookie)).toMatchObject(signedOut)
  })

  it(`end ${SESSION_MAX_AGE_MS / (24 * 3600_000)} days after sign-in, however busy`, async () => {
    const cookie = await signIn('ingridsolberg')
    const start = clock
    while (clock + SESSION_IDLE_TIMEOUT_MS / 2 < start + SESSION_MAX_AGE_MS) {
      clock += SESSION_IDLE_TIMEOUT_MS / 2
      expect(await adminStatus(cookie)).toBe(200)
    }
    clock = start + SESSION_MAX_AGE_MS - 1
    expect(await session(cookie)).toMatchObject(signedIn)
    clock = start + SESSION_MAX_AGE_MS
    expect(await session(cookie)).toMatchObject(signedOut)
    expect(await adminStatus(cookie)).toBe(401)
  })

  it('note the last request at most once a minute, not on every request', async () => {
    const cookie = await signIn('ingridsolberg')
    const lastSeen = async () => Number((await db.execute('SELECT max(last_seen_at) AS t FROM admin_sessions WHERE ended_at IS NULL')).rows[0]?.t)
    const start = clock
    clock += SESSION_TOUCH_INTERVAL_MS - 1
    expect(await adminStatus(cookie)).toBe(200)
    expect(await lastSeen()).toBe(start)
    clock += 1
    expect(await adminStatus(cookie)).toBe(200)
    expect(await lastSeen()).toBe(clock)
  })

  it('refuse and clear an old-format cookie signed with the right secret, a tampered one, and an id never issued', async () => {
    const cookie = await signIn('ingridsolberg')
    const signed = async (value: string) => (await generateSignedCookie('fjord-session', value, SECRET)).split(';')[0] ?? ''
    const oldFormat = await signed(JSON.stringify({ user: { login: 'ingridsolberg', name: 'Ingrid Solberg', avatar: '' }, loggedInAt: new Date(clock).toISOString() }))
    const [id = '', signature = ''] = decodeURIComponent(cookie.slice('fjord-session='.length)).split(/\.(?=[^.]+$)/)
    const otherId = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`
    const tampered = [
      `fjord-session=${encodeURIComponent(`${otherId}.${signature}`)}`,
      `fjord-session=${encodeURIComponent(`${id}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`)}`,
      `fjord-session=${id}`,
    ]
    for (const refused of [oldFormat, ...tampered, await signed(randomBytes(32).toString('base64url')), await signed(otherId)]) {
      expect(await session(refused), refused).toMatchObject(signedOut)
      expect(await adminStatus(refused), refused).toBe(401)
    }
    // None of that touched the real session.
    expect(await session(cookie)).toMatchObject(signedIn)
  })
})
