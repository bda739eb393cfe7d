import { createHash } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { join } from 'node:path'

import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { SiteConfig } from '../src/contract/site-schema'
import { buildFixture, createFixture, type Fixture, md } from '../testing/fixture-site'
import { MAX_API_BODY } from './api'
import { type AppOptions, createApp, MAX_QUERY_BODY } from './app'
import { OPEN_REDIRECT_FORMS } from './security/bypass-forms'
import { contentSecurityPolicy } from './security/headers'
import { staysOnOrigin } from './security/redirects'
import { type BuiltSite, loadSite } from './site'

/**
 * The server as an attacker meets it: the real app over a fixture build, through
 * `app.request` and, where the HTTP parser matters, a real listening socket.
 */

const BOOT = "(function(){document.documentElement.dataset.boot='1'})()"
let fixture: Fixture
let site: BuiltSite
let config: SiteConfig
let server: ReturnType<typeof serve>
let origin: string
const PUBLIC = 'https://fjord.test'

function makeApp(options: Partial<AppOptions> = {}) {
  return createApp({ site, config, settings: { publicUrl: new URL(PUBLIC) }, ...options, api: { env: {}, dataDir: join(fixture.root, 'data'), ...options.api } })
}
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  fixture = await createFixture({
    'content/docs/4.x/1.getting-started/1.intro.md': md({ title: 'Intro' }, '## Install\n\n```ts\nconst answer: number = 42\n```\n'),
  })
  config = { ...fixture.config, redirects: { ...fixture.config.redirects, '/old': '/docs/4.x/getting-started/intro' } }
  const dist = join(fixture.root, 'dist')
  // An app template with the inline boot script, as Vite writes it.
  await fixture.write({ 'dist/index.html': `<!doctype html><html><head><script>${BOOT}</script></head><body><div id="root"></div></body></html>` })
  const prerender = () => '<style>.t0{color:#123456}</style><main><h1>Intro</h1></main>'
  await buildFixture(fixture, dist, { config, write: { prerender: { docs: prerender } } })
  site = await loadSite(dist)
  app = makeApp()
  await new Promise<void>((done) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
      origin = `http://127.0.0.1:${info.port}`
      done()
    })
  })
})
afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()))
  await fixture.cleanup()
})

/** A request written byte for byte to the socket (the shared server's, or `to`), as no HTTP client would send it. */
function raw(target: string, headers: Record<string, string> = {}, to: ReturnType<typeof serve> = server): Promise<{ status: number; headers: Record<string, string> }> {
  const { port } = to.address() as AddressInfo
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => {
      const lines = Object.entries({ Host: `127.0.0.1:${port}`, Connection: 'close', ...headers }).map(([k, v]) => `${k}: ${v}`)
      socket.write(`GET ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`)
    })
    let text = ''
    socket.on('data', (chunk) => (text += chunk))
    socket.on('end', () => {
      const [head = ''] = text.split('\r\n\r\n')
      const [statusLine = '', ...rest] = head.split('\r\n')
      const parsed = Object.fromEntries(rest.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
      done({ status: Number(statusLine.split(' ')[1]), headers: parsed })
    })
    socket.on('error', fail)
  })
}

const fromSite = { origin: PUBLIC, 'content-type': 'application/json' }
const post = (target: ReturnType<typeof createApp>, path: string, body: unknown, headers: Record<string, string> = fromSite) =>
  target.request(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) })

describe('redirects', () => {
  it('collapse repeated slashes and drop a trailing slash on this origin', async () => {
    const res = await raw('//evil.com/')
    expect(res.status).toBe(301)
    expect(res.headers.location).toBe('/evil.com')
    expect((await raw('/docs//4.x/getting-started/intro/')).headers.location).toBe('/docs/4.x/getting-started/intro')
    expect((await raw('/old?x=1')).headers.location).toBe('/docs/4.x/getting-started/intro?x=1')
    // Built from the path as sent: non-ASCII stays percent-encoded in the header.
    expect((await raw('/docs/4.x/%E4%B8%AD%E6%96%87/')).headers.location).toBe('/docs/4.x/%E4%B8%AD%E6%96%87')
    expect((await raw('/docs/%E4%B8%AD')).headers.location).toBe('/docs/4.x/%E4%B8%AD')
  })

  it(`never leave the origin for any of ${OPEN_REDIRECT_FORMS.length} known bypass forms, through every rule`, async () => {
    let redirected = 0
    for (const form of OPEN_REDIRECT_FORMS) {
      // The trailing-slash rule, the docs-version rule, the build manifest's rule and the plain path.
      for (const path of [form, `${form}/`, `/docs${form}`, `/docs${form}/`, `/old${form}`]) {
        const answers = [await raw(path.replace(/[\t\n]/g, encodeURIComponent)), await raw(path)]
        if (!/[\t\n]/.test(path)) {
          const viaApp = await app.request(`http://127.0.0.1${path.startsWith('//') ? '/.' : ''}${path}`)
          answers.push({ status: viaApp.status, headers: { location: viaApp.headers.get('location') ?? '' } })
        }
        for (const { status, headers } of answers) {
          if (status < 300 || status >= 400) continue
          redirected += 1
          expect(staysOnOrigin(headers.location ?? ''), `${JSON.stringify(path)} -> ${headers.location}`).toBe(true)
        }
      }
    }
    // The rules did run: many of these paths were redirected, all of them home.
    expect(redirected).toBeGreaterThan(50)
  })
})

describe('body limits', () => {
  it('answer 413 with a JSON message past 4 KB on the API and 64 KB on the query endpoint', async () => {
    const big = { email: `${'a'.repeat(MAX_API_BODY)}@example.com` }
    for (const path of ['/api/newsletter/subscribe', '/api/newsletter/confirm', '/api/nope']) {
      const res = await post(app, path, big)
      expect(res.status, path).toBe(413)
      expect(res.headers.get('content-type')).toContain('application/json')
    }
    const subscribe = (await (await post(app, '/api/newsletter/subscribe', big)).json()) as { message: string }
    expect(JSON.parse(subscribe.message)).toEqual([{ message: 'The request body is larger than 4 KB.' }])
    const logout = await app.request('/api/_auth/session', { method: 'DELETE', headers: fromSite, body: 'x'.repeat(MAX_API_BODY + 1) })
    expect(logout.status).toBe(413)
    const query = await post(app, '/__content/docsv4/query', { sql: 'x'.repeat(MAX_QUERY_BODY) })
    expect(query.status).toBe(413)
    expect(await query.json()).toEqual({ error: 'the request body is larger than 64 KB' })
    // Under the limit, the query endpoint reads the body and answers for itself.
    expect((await post(app, '/__content/docsv4/query', { sql: 'x'.repeat(MAX_QUERY_BODY - 100) })).status).toBe(400)
  })

  it('stop reading a streamed body without a length as soon as it passes the limit', async () => {
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 16 * 1024
        controller.enqueue(new Uint8Array(16 * 1024).fill(97))
      },
    })
    const res = await app.request('/api/newsletter/subscribe', { method: 'POST', headers: fromSite, body: endless, duplex: 'half' } as RequestInit)
    expect(res.status).toBe(413)
    expect(pulled).toBeLessThan(256 * 1024)
  })

  it('answer 20 parallel 200 MB uploads on a real socket before reading them', async () => {
    const upload = (chunked: boolean) =>
      new Promise<{ status: number; sent: number }>((done, fail) => {
        const headers: Record<string, string> = { ...fromSite, ...(chunked ? {} : { 'content-length': String(200 * 1024 * 1024) }) }
        const req = httpRequest(`${origin}/api/newsletter/subscribe`, { method: 'POST', headers })
        const chunk = Buffer.alloc(64 * 1024, 97)
        let sent = 0
        let answered = false
        req.on('response', (res) => {
          answered = true
          res.resume()
          res.on('end', () => done({ status: res.statusCode ?? 0, sent }))
          req.destroy()
        })
        req.on('error', (error) => (answered ? undefined : fail(error)))
        const write = () => {
          while (!answered && sent < 200 * 1024 * 1024) {
            sent += chunk.length
            if (!req.write(chunk)) return void req.once('drain', write)
          }
        }
        write()
      })
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(i % 2 === 0)))
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(413))
    // Each upload was cut short: the server answered long before 200 MB went out.
    for (const { sent } of results) expect(sent).toBeLessThan(32 * 1024 * 1024)
  })
})

describe('trusted origin', () => {
  it('builds the OAuth redirect URI from the public URL, whatever Host the request names', async () => {
    const configured = makeApp({ api: { env: { FJORD_OAUTH_CLIENT_ID: 'id', FJORD_OAUTH_CLIENT_SECRET: 'secret' } } })
    const listening = serve({ fetch: configured.fetch, hostname: '127.0.0.1', port: 0 })
    await new Promise((done) => listening.once('listening', done))
    try {
      const res = await raw('/api/_auth/oauth', { Host: 'evil.example' }, listening)
      expect(new URL(res.headers.location ?? '').searchParams.get('redirect_uri')).toBe(`${PUBLIC}/api/_auth/oauth`)
      // The public URL is https: the state cookie is Secure though this hop was plain http.
      expect(res.headers['set-cookie']).toMatch(/; Secure/)
    } finally {
      await new Promise<void>((done) => listening.close(() => done()))
    }
  })

  it('reads X-Forwarded-Proto and -For only from trusted proxies', async () => {
    const local = { publicUrl: new URL('http://127.0.0.1:3000') }
    const behindProxy = makeApp({ settings: { ...local, trustProxy: 1 }, api: { limits: { subscribe: { limit: 1, windowMs: 60_000 } } } })
    const direct = makeApp({ settings: local, api: { limits: { subscribe: { limit: 1, windowMs: 60_000 } } } })
    const viaTls = { 'x-forwarded-proto': 'https' }
    expect((await behindProxy.request('/docs/4.x/getting-started/intro', { headers: viaTls })).headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    expect((await direct.request('/docs/4.x/getting-started/intro', { headers: viaTls })).headers.get('strict-transport-security')).toBeNull()

    const peer = { incoming: { socket: { remoteAddress: '10.0.0.1' } } }
    const subscribe = (target: ReturnType<typeof createApp>, client: string, email: string) =>
      target.request(
        '/api/newsletter/subscribe',
        { method: 'POST', headers: { ...fromSite, origin: 'http://127.0.0.1:3000', 'x-forwarded-for': `6.6.6.6, ${client}` }, body: JSON.stringify({ email }) },
        peer,
      )
    // Behind the proxy each client has its own quota (and a forged first entry does not matter).
    expect((await subscribe(behindProxy, '1.1.1.1', 'a@example.com')).status).toBe(200)
    expect((await subscribe(behindProxy, '2.2.2.2', 'b@example.com')).status).toBe(200)
    expect((await subscribe(behindProxy, '2.2.2.2', 'c@example.com')).status).toBe(429)
    // Without trust, a forged header changes nothing: the peer is the client.
    expect((await subscribe(direct, '1.1.1.1', 'd@example.com')).status).toBe(200)
    expect((await subscribe(direct, '2.2.2.2', 'e@example.com')).status).toBe(429)
  })
})

describe('cross-site requests', () => {
  it('refuse state changes from other sites, without an origin, or not in JSON', async () => {
    const email = { email: 'reader@example.com' }
    const cases: [string, Record<string, string>][] = [
      ['another site', { origin: 'https://evil.example', 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }],
      ['another site, no fetch metadata', { origin: 'https://evil.example', 'content-type': 'application/json' }],
      ['no origin at all', { 'content-type': 'application/json' }],
      ['a form post', { origin: PUBLIC, 'content-type': 'application/x-www-form-urlencoded' }],
      ['text/plain', { origin: PUBLIC, 'content-type': 'text/plain' }],
      ['same origin but text/plain', { 'sec-fetch-site': 'same-origin', 'content-type': 'text/plain;charset=UTF-8' }],
    ]
    for (const [name, headers] of cases) {
      const res = await post(app, '/api/newsletter/subscribe', email, headers)
      expect(res.status, name).toBe(403)
      expect(JSON.parse(((await res.json()) as { message: string }).message)[0].message).toMatch(/must come from a page of this site|must send JSON/)
    }
    expect((await app.request('/api/_auth/session', { method: 'DELETE', headers: { origin: 'https://evil.example' } })).status).toBe(403)
    expect(
      (await post(app, '/api/newsletter/confirm', { email: 'x@example.com', confirmation: 'x' }, { origin: 'https://evil.example', 'content-type': 'application/json' })).status,
    ).toBe(403)
    // The browser's own word, or the public origin, is enough.
    expect((await post(app, '/api/newsletter/subscribe', email, { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' })).status).toBe(200)
    expect((await post(app, '/api/newsletter/subscribe', email)).status).toBe(200)
  })

  it('let an allowed origin in, with CORS for its browser', async () => {
    const docsSite = 'https://docs.partner.example'
    const withPartner = createApp({
      site,
      config: { ...config, security: { ...config.security, allowedOrigins: [docsSite] } },
      settings: { publicUrl: new URL(PUBLIC), allowedOrigins: [docsSite] },
      api: { env: {}, dataDir: join(fixture.root, 'data-partner') },
    })
    const preflight = await withPartner.request('/api/newsletter/subscribe', {
      method: 'OPTIONS',
      headers: { origin: docsSite, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(docsSite)
    const res = await post(
      withPartner,
      '/api/newsletter/subscribe',
      { email: 'partner@example.com' },
      { origin: docsSite, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(docsSite)
    const stranger = await withPartner.request('/api/newsletter/subscribe', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('abuse limits', () => {
  it('answer 429 with Retry-After and a message past the quota of signups, confirmations and sign-ins', async () => {
    const limited = makeApp({
      api: {
        env: { FJORD_OAUTH_CLIENT_ID: 'id', FJORD_OAUTH_CLIENT_SECRET: 'secret' },
        dataDir: join(fixture.root, 'data-limited'),
        limits: { subscribe: { limit: 2, windowMs: 600_000 }, confirm: { limit: 2, windowMs: 600_000 }, signIn: { limit: 2, windowMs: 600_000 } },
      },
    })
    const attempts = async (send: () => Response | Promise<Response>) => {
      const statuses = [(await send()).status, (await send()).status]
      const last = await send()
      return { statuses, last, body: (await last.json()) as { message: string; code?: string; retryAfter?: number } }
    }
    const signup = await attempts(() => post(limited, '/api/newsletter/subscribe', { email: 'reader@example.com' }))
    expect(signup.statuses).toEqual([200, 200])
    expect(signup.last.status).toBe(429)
    expect(Number(signup.last.headers.get('retry-after'))).toBeGreaterThan(500)
    expect(JSON.parse(signup.body.message)).toEqual([{ message: 'Too many signups from this address. Please try again in 10 minutes.' }])
    // Named by code, with the wait, so a page in another language says it in its words.
    expect(signup.body.code).toBe('rate-limited')
    expect(signup.body.retryAfter).toBe(Number(signup.last.headers.get('retry-after')))

    const confirm = await attempts(() => post(limited, '/api/newsletter/confirm', { email: 'reader@example.com', confirmation: 'guess' }))
    expect(confirm.statuses).toEqual([400, 400])
    expect(confirm.last.status).toBe(429)
    expect(confirm.body.message).toBe('Too many confirmation attempts from this address. Please try again in 10 minutes.')

    const signIn = await attempts(() => limited.request('/api/_auth/oauth'))
    expect(signIn.statuses).toEqual([302, 302])
    expect(signIn.last.status).toBe(429)
    expect(signIn.last.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})

describe('headers on every response', () => {
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

  it('carry the policy, no-sniff, no-framing, the referrer policy and the permissions policy', async () => {
    const limited = makeApp({ api: { env: {}, limits: { subscribe: { limit: 0, windowMs: 1000 } } } })
    const etag = (await app.request('/__content/manifest.json')).headers.get('etag') ?? ''
    const responses: [string, Response][] = [
      ['page', await app.request('/docs/4.x/getting-started/intro')],
      ['unknown page', await app.request('/no/such/page')],
      ['static file', await app.request('/__content/manifest.json')],
      ['304', await app.request('/__content/manifest.json', { headers: { 'if-none-match': etag } })],
      ['missing file', await app.request('/missing.png')],
      ['redirect', await app.request('/old')],
      ['API', await app.request('/api/_auth/session')],
      ['API 404', await app.request('/api/nope')],
      ['403', await post(app, '/api/newsletter/subscribe', {}, { 'content-type': 'text/plain' })],
      ['405', await app.request('/docs/4.x/getting-started/intro', { method: 'POST' })],
      ['413', await post(app, '/api/newsletter/subscribe', 'x'.repeat(MAX_API_BODY + 1))],
      ['429', await post(limited, '/api/newsletter/subscribe', { email: 'a@example.com' })],
    ]
    for (const [name, res] of responses) {
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp, name).toContain("frame-ancestors 'none'")
      expect(csp, name).toContain("script-src 'self' 'wasm-unsafe-eval'")
      expect(csp, name).not.toContain('unsafe-inline')
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff')
      expect(res.headers.get('x-frame-options'), name).toBe('DENY')
      expect(res.headers.get('referrer-policy'), name).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('permissions-policy'), name).toContain('camera=()')
      expect(res.headers.get('strict-transport-security'), name).toBeNull()
      expect(res.headers.get('cross-origin-opener-policy'), name).toBeNull()
    }
    expect(responses.map(([, res]) => res.status)).toEqual([200, 404, 200, 304, 404, 301, 200, 404, 403, 405, 413, 429])
  })

  it("allow a page's own inline script and styles by hash, and nothing else inline", async () => {
    const page = await app.request('/docs/4.x/getting-started/intro')
    const html = await page.text()
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(html).toContain(`<script>${BOOT}</script>`)
    // (The site's Ask AI widget origin, then the page's own hashes.)
    expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' https://ask.fjord.dev ${sha256(BOOT)}`)
    expect(csp).toContain(`style-src 'self' ${sha256('.t0{color:#123456}')}`)
    // The app shell of another route has the boot script's hash only.
    const shell = (await app.request('/modules')).headers.get('content-security-policy') ?? ''
    expect(shell).toContain(sha256(BOOT))
    expect(shell).not.toContain(sha256('.t0{color:#123456}'))
    // The shell asked for by name, as the service worker serves it offline, runs its boot script too.
    const named = await app.request('/200.html')
    expect(named.status).toBe(200)
    expect(named.headers.get('content-security-policy')).toContain(sha256(BOOT))
  })

  it('send HSTS only over https', async () => {
    expect((await app.request('https://fjord.test/docs/4.x/getting-started/intro')).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect((await app.request('http://fjord.test/docs/4.x/getting-started/intro')).headers.get('strict-transport-security')).toBeNull()
  })

  it("name the configured Ask AI, analytics, preview API and image origins, and nothing else's", () => {
    const policy = contentSecurityPolicy({
      ...config,
      preview: { api: 'https://preview.example.com/api', tokenEnv: 'FJORD_PREVIEW_TOKEN' },
      askAi: { scriptUrl: 'https://ask.example.com/widget.js', global: 'Kapa', disclaimer: 'AI' },
      analytics: { endpoint: 'https://stats.example.com/api/event', domain: 'fjord.dev' },
      security: { allowedOrigins: [], imageOrigins: ['https://avatars.example.com'] },
    })()
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' https://ask.example.com;")
    expect(policy).toContain("connect-src 'self' https://preview.example.com https://stats.example.com https://ask.example.com;")
    expect(policy).toContain('frame-src https://ask.example.com;')
    expect(policy).toContain("img-src 'self' data: https://avatars.example.com;")
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("base-uri 'none'")
  })

  it('leave out the Ask AI origin when Ask AI is switched off', () => {
    const askAi = { scriptUrl: 'https://ask.example.com/widget.js', global: 'Kapa', disclaimer: 'AI' }
    const policy = contentSecurityPolicy({ ...config, askAi, sections: { ...config.sections, askAi: false } })()
    expect(policy).not.toContain('ask.example.com')
    expect(policy).toContain("frame-src 'none';")
  })
})

describe('pages', () => {
  it('answer methods other than GET and HEAD with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const path of ['/', '/docs/4.x/getting-started/intro', '/no/such/page', '/favicon.svg']) {
        const res = await app.request(path, { method })
        expect(res.status, `${method} ${path}`).toBe(405)
        expect(res.headers.get('allow')).toBe('GET, HEAD')
      }
    }
    expect((await app.request('/docs/4.x/getting-started/intro', { method: 'HEAD' })).status).toBe(200)
  })

  it('never carries text from the URL into the sign-in error', async () => {
    const configured = makeApp({ api: { env: { FJORD_OAUTH_CLIENT_ID: 'id', FJORD_OAUTH_CLIENT_SECRET: 'secret' } } })
    const res = await configured.request('/api/_auth/oauth?error=access_denied&error_description=<script>alert(1)</script>')
    expect(res.headers.get('location')).toBe('/admin/login?error=provider-refused')
  })
})
