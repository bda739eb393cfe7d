import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { createClient } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { buildFixture, createFixture, type Fixture } from '../testing/fixture-site'
import { createOAuthStandIn } from '../testing/oauth-provider'
import { readOutbox } from '../testing/outbox'
import { createApp } from './app'
import { DATABASE_FILE } from './newsletter/database'
import { loadSite } from './site'

let fixture: Fixture
let app: ReturnType<typeof createApp>
const provider = createOAuthStandIn('client-1', 'secret-1')
const env = { FJORD_OAUTH_CLIENT_ID: 'client-1', FJORD_OAUTH_CLIENT_SECRET: 'secret-1' }

beforeAll(async () => {
  fixture = await createFixture({
    'content/modules/a.yml':
      'name: a\nnpm: a\ndescription: A.\nicon: a.svg\ncategory: UI\ntype: other\nrepo: x/a\nstats: { downloads: 1, stars: 1, publishedAt: 2026-01-01T00:00:00Z, createdAt: 2025-01-01T00:00:00Z }\nmaintainers:\n  - { name: Ada, github: ada }\n  - { name: Bo, github: bo }\n',
    'content/modules/b.yml':
      'name: b\nnpm: b\ndescription: B.\nicon: b.svg\ncategory: UI\ntype: other\nrepo: x/b\nstats: { downloads: 1, stars: 1, publishedAt: 2026-01-01T00:00:00Z, createdAt: 2025-01-01T00:00:00Z }\nmaintainers:\n  - { name: Ada, github: Ada }\n',
  })
  const dist = join(fixture.root, 'dist')
  const config = {
    ...fixture.config,
    auth: { ...fixture.config.auth, authorizeUrl: 'http://oauth.test/authorize', tokenUrl: 'http://oauth.test/token', userUrl: 'http://oauth.test/user' },
  }
  await buildFixture(fixture, dist, { config })
  app = createApp({
    site: await loadSite(dist),
    config,
    api: { env, secret: 'test-secret', fetch: async (input, init) => provider.app.request(String(input).replace('http://oauth.test', ''), init) },
    settings: { publicUrl: new URL('https://fjord.test') },
  })
})
afterAll(() => fixture.cleanup())

/** Follows the sign-in like a browser would: the site, the provider, back to the site, carrying cookies. */
async function signIn(): Promise<{ location: string; cookie: string; setCookie: string }> {
  const start = await app.request('http://127.0.0.1/api/_auth/oauth')
  expect(start.status).toBe(302)
  const stateCookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const authorize = new URL(start.headers.get('location') ?? '')
  expect(authorize.origin + authorize.pathname).toBe('http://oauth.test/authorize')
  // The provider sends the browser back to the public URL, whatever host the request named.
  expect(authorize.searchParams.get('redirect_uri')).toBe('https://fjord.test/api/_auth/oauth')
  const back = new URL((await provider.app.request(authorize.pathname + authorize.search)).headers.get('location') ?? '')
  const callback = await app.request(`http://127.0.0.1${back.pathname}${back.search}`, { headers: { cookie: stateCookie } })
  const setCookie = callback.headers.getSetCookie().find((c) => c.startsWith('fjord-session=')) ?? ''
  return { location: callback.headers.get('location') ?? '', cookie: setCookie.split(';')[0] ?? '', setCookie }
}

/** What a page of the site sends with a state-changing request. */
const fromSite = { origin: 'https://fjord.test', 'content-type': 'application/json' }

describe('product API', () => {
  it('serves the release and ecosystem stats from the build', async () => {
    const res = await app.request('/api/stats')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ version: '4.0.1', stars: fixture.config.stats.stars, modules: 2, maintainers: 2, contributors: fixture.config.stats.contributors })
  })

  it('answers an empty session to a guest and 404 JSON for unknown API paths', async () => {
    expect(await (await app.request('/api/_auth/session')).json()).toEqual({})
    const res = await app.request('/api/nope')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
  })

  it('signs an administrator in through the provider, then out', async () => {
    provider.signInAs({ login: 'IngridSolberg', name: 'Ingrid Solberg' })
    const { location, cookie, setCookie } = await signIn()
    expect(location).toBe('/admin')
    // Secure because the public URL is https, even though this request came over http.
    expect(setCookie).toMatch(/; HttpOnly; Secure; SameSite=Lax$/)
    const session = await (await app.request('/api/_auth/session', { headers: { cookie } })).json()
    expect(session).toMatchObject({ user: { login: 'IngridSolberg', name: 'Ingrid Solberg' } })

    expect((await app.request('/api/_auth/session', { method: 'DELETE', headers: { cookie } })).status).toBe(403)
    const out = await app.request('/api/_auth/session', { method: 'DELETE', headers: { cookie, ...fromSite } })
    expect(out.headers.get('set-cookie')).toMatch(/fjord-session=;.*Max-Age=0/)
    // Ended on the server: a copy of the cookie signs no one in.
    expect(await (await app.request('/api/_auth/session', { headers: { cookie } })).json()).toEqual({})
  })

  it('refuses logins that are not administrators, denied sign-ins and forged sessions', async () => {
    provider.signInAs({ login: 'mallory', name: 'Mallory' })
    const stranger = await signIn()
    expect(stranger.location).toBe('/admin/login?error=not-admin')
    expect(stranger.cookie).toBe('')

    provider.signInAs('deny')
    expect((await signIn()).location).toBe('/admin/login?error=provider-refused')

    const forged = `fjord-session=${encodeURIComponent(JSON.stringify({ user: { login: 'x' } }))}.c2lnbmF0dXJl`
    expect(await (await app.request('/api/_auth/session', { headers: { cookie: forged } })).json()).toEqual({})
  })

  it('refuses a callback whose state does not match the one it issued', async () => {
    const res = await app.request('http://127.0.0.1/api/_auth/oauth?code=abc&state=guess', { headers: { cookie: 'fjord-oauth-state=other' } })
    expect(res.headers.get('location')).toBe('/admin/login?error=expired')
  })

  it('says how to configure sign-in when the server has no client credentials', async () => {
    const bare = createApp({ site: await loadSite(join(fixture.root, 'dist')), config: fixture.config, api: { env: {} } })
    const res = await bare.request('/api/_auth/oauth')
    expect(res.headers.get('location')).toBe('/admin/login?error=not-configured')
  })
})

describe('newsletter API', () => {
  it('takes a signup, then confirms it with the code from the outbox email', async () => {
    const data = join(fixture.root, 'data')
    const newsletterApp = createApp({
      site: await loadSite(join(fixture.root, 'dist')),
      config: fixture.config,
      api: { env: {}, dataDir: data, newsletter: { log: () => undefined } },
    })
    const post = (path: string, body: unknown) =>
      newsletterApp.request(`/api/newsletter/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
    const bodies = new WeakMap<Response, Promise<{ message: string; code?: string }>>()
    const bodyOf = (res: Response) => {
      let body = bodies.get(res)
      if (!body) bodies.set(res, (body = res.json() as Promise<{ message: string; code?: string }>))
      return body
    }
    const messageOf = async (res: Response) => (await bodyOf(res)).message
    const codeOf = async (res: Response) => (await bodyOf(res)).code

    for (const body of [{ email: 'not-an-email' }, {}]) {
      const bad = await post('subscribe', body)
      expect(bad.status).toBe(400)
      expect(JSON.parse(await messageOf(bad))).toEqual([{ message: 'Please enter a valid email' }])
    }
    const notJson = await post('subscribe', '{"email": ')
    expect(notJson.status).toBe(400)
    expect(JSON.parse(await messageOf(notJson))).toEqual([{ message: 'The request body must be JSON.' }])

    expect(await (await post('subscribe', { email: 'Reader@Example.com' })).json()).toEqual({ pending: true })
    // The email goes out from the queue, after the answer.
    const outbox = join(data, 'outbox')
    await vi.waitFor(async () => expect(await readOutbox(outbox)).toHaveLength(1))
    const [text = ''] = await readOutbox(outbox)
    const link = new URL(/https:\S+confirmation=[a-f0-9]+/.exec(text)?.[0] ?? '')
    expect(link.pathname).toBe('/newsletter')
    expect(link.searchParams.get('email')).toBe('Reader@example.com')

    const wrong = await post('confirm', { email: 'reader@example.com', confirmation: 'wrong' })
    expect(wrong.status).toBe(400)
    expect(await messageOf(wrong)).toBe('This confirmation link is invalid or has expired.')
    expect(await codeOf(wrong)).toBe('invalid-confirmation')
    expect(await (await post('confirm', { email: 'reader@example.com', confirmation: link.searchParams.get('confirmation') })).json()).toEqual({ confirmed: true })
    const again = await post('subscribe', { email: 'READER@example.com' })
    expect(again.status).toBe(400)
    expect(JSON.parse(await messageOf(again))).toEqual([{ message: 'This email address is already subscribed to the newsletter.' }])
    expect(await codeOf(again)).toBe('already-subscribed')

    const token = /unsubscribe=([\w-]+)/.exec(text)?.[1] ?? ''
    expect(await (await post('unsubscribe', { token })).json()).toEqual({ unsubscribed: true })
    const used = await post('unsubscribe', { token })
    expect(used.status).toBe(400)
    expect(await messageOf(used)).toBe('This unsubscribe link is invalid or has already been used.')
    expect(await codeOf(used)).toBe('invalid-unsubscribe')
  })

  it('refuses hidden characters, and keeps one subscriber (and one email) per address however its domain is written', async () => {
    const data = join(fixture.root, 'data-addresses')
    const newsletterApp = createApp({
      site: await loadSite(join(fixture.root, 'dist')),
      config: fixture.config,
      api: { env: {}, dataDir: data, newsletter: { log: () => undefined }, limits: { subscribe: { limit: 100, windowMs: 600_000 } } },
    })
    const post = (path: string, body: unknown) =>
      newsletterApp.request(`/api/newsletter/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify(body),
      })
    const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message

    const refused = [
      'a\u0000b@x.io',
      'victim@target.example\u0000.n1',
      'vic\u200btim@target.example',
      'victim\u202e@target.example',
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(250)}.io`,
    ]
    for (const email of refused) {
      const res = await post('subscribe', { email })
      expect(res.status).toBe(400)
      expect(JSON.parse(await messageOf(res))).toEqual([{ message: 'Please enter a valid email' }])
    }
    for (const email of ['victim@target.example', 'victim@TARGET.example', ' victim@Target.Example ', 'user@bücher.example', 'user@XN--BCHER-KVA.example']) {
      expect(await (await post('subscribe', { email })).json()).toEqual({ pending: true })
    }
    const db = createClient({ url: pathToFileURL(join(data, DATABASE_FILE)).href })
    try {
      const stored = await db.execute('SELECT email, (SELECT count(*) FROM mail_queue WHERE subscriber_id = subscribers.id) AS queued FROM subscribers ORDER BY id')
      expect(stored.rows.map((row) => [row.email, row.queued])).toEqual([
        ['victim@target.example', 1],
        ['user@xn--bcher-kva.example', 1],
      ])
    } finally {
      db.close()
    }

    const outbox = join(data, 'outbox')
    await vi.waitFor(async () => expect(await readOutbox(outbox)).toHaveLength(2))
    const mail = (await readOutbox(outbox)).find((text) => text.includes('To: user@xn--bcher-kva.example')) ?? ''
    const code = new URL(/https:\S+confirmation=[a-f0-9]+/.exec(mail)?.[0] ?? 'https://x').searchParams.get('confirmation')
    const hidden = await post('confirm', { email: 'user@bücher.example\u0000', confirmation: code })
    expect(hidden.status).toBe(400)
    expect(await messageOf(hidden)).toBe('This confirmation link is invalid or has expired.')
    expect(await (await post('confirm', { email: 'user@Bücher.example', confirmation: code })).json()).toEqual({ confirmed: true })
  })
})
