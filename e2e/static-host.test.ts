import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SECURITY_HEADERS } from '../src/contract/security-headers'
import { appReady, CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../testing/browser'
import { buildSite } from '../testing/build-site'
import { nginxMissing, type RunningNginx, startNginx } from '../testing/nginx'
import { publicRoutes } from '../testing/public-routes'

/**
 * The built site on a plain static host: Debian's nginx serving dist/ with the
 * nginx.conf the build wrote, no Node server behind it. The same journeys run at `/`
 * (this checkout's dist/, which the e2e setup builds) and under a `/fjord/` base path
 * (a build of its own with BASE_PATH=/fjord/).
 */
const project = resolve(import.meta.dirname, '..')
const missing = nginxMissing()
if (missing) console.warn(missing)

declare global {
  interface Window {
    __violations?: string[]
  }
}

interface Served {
  /** The folder nginx serves as its root; the site is at `base` below it. */
  root: string
  /** The build's nginx.conf. */
  include: string
  /** Removes what `serve` made. */
  cleanup?: () => Promise<void>
}

function journeys(base: string, serve: () => Promise<Served>) {
  let nginx: RunningNginx | undefined
  let browser: Browser | undefined
  let served: Served | undefined
  /** A site path as the browser asks for it, under the base. */
  const at = (path: string) => (base === '/' ? path : `${base}${path.slice(1)}`)
  const url = (path: string) => `${nginx?.url ?? ''}${at(path)}`
  const pathname = (page: Page) => new URL(page.url()).pathname

  beforeAll(async () => {
    served = await serve()
    nginx = await startNginx({ root: served.root, include: served.include })
    browser = await launchBrowser()
  }, 900_000)
  afterAll(async () => {
    await browser?.close()
    await nginx?.close()
    await served?.cleanup?.()
  })

  /** A page that records every Content-Security-Policy violation from the first byte, and every document and query request. */
  async function watchedPage(): Promise<{ context: BrowserContext; page: Page; violations: () => Promise<string[]>; queries: string[] }> {
    if (!browser) throw new Error('the browser is not running')
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    await context.addInitScript(() => {
      window.__violations = []
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__violations?.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}:${e.lineNumber}`),
      )
    })
    const page = await context.newPage()
    const said: string[] = []
    page.on('console', (m) => (/Content Security Policy|Refused to/i.test(m.text()) ? said.push(m.text()) : undefined))
    const queries: string[] = []
    page.on('request', (r) => (r.url().endsWith('/query') ? queries.push(r.url()) : undefined))
    return { context, page, queries, violations: async () => [...(await page.evaluate(() => window.__violations ?? [])), ...said] }
  }

  it.each(publicRoutes)('%s answers 200 with its page, the security headers and no policy violation', async (route) => {
    const { context, page, violations } = await watchedPage()
    const response = await page.goto(url(route))
    expect(response?.status()).toBe(200)
    const headers = response?.headers() ?? {}
    expect(headers['content-security-policy']).toMatch(/^script-src 'self' 'wasm-unsafe-eval'/)
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name.toLowerCase()], name).toBe(value)
    expect(headers['cache-control']).toBe('no-cache')
    await appReady(page)
    await expect.poll(() => page.locator('main h1').count()).toBe(1)
    expect(await page.title()).not.toBe('Page not found')
    expect(pathname(page)).toBe(at(route))
    expect(await violations()).toEqual([])
    await context.close()
  })

  it("answers an unknown path with the site's own 404 page and HTTP 404", async () => {
    const { context, page, violations } = await watchedPage()
    const response = await page.goto(url('/no/such/page'))
    expect(response?.status()).toBe(404)
    await appReady(page)
    await expect.poll(() => page.title()).toBe('Page not found')
    expect(await page.locator('main h1').count()).toBe(1)
    expect(await violations()).toEqual([])
    await context.close()
  })

  it.each([
    ['/support/us', '/enterprise/sponsors'],
    ['/docs/getting-started/installation', '/docs/4.x/getting-started/installation'],
  ])('%s, loaded as a new page, redirects with 301 to %s', async (from, to) => {
    const direct = await fetch(url(from), { redirect: 'manual' })
    expect(direct.status).toBe(301)
    expect(direct.headers.get('location')).toBe(at(to))
    const { context, page } = await watchedPage()
    const response = await page.goto(url(from))
    expect(
      await response
        ?.request()
        .redirectedFrom()
        ?.response()
        .then((r) => r?.status()),
    ).toBe(301)
    expect(response?.status()).toBe(200)
    expect(pathname(page)).toBe(at(to))
    await appReady(page)
    expect(await page.locator('main h1').count()).toBe(1)
    await context.close()
  })

  it('reads the docs: the sidebar, then the next page, then a search in the palette', async () => {
    const { context, page, violations } = await watchedPage()
    await page.goto(url('/docs/4.x/getting-started/installation'))
    await appReady(page)
    await page.getByRole('navigation', { name: 'Documentation', exact: true }).getByRole('link', { name: 'Configuration' }).first().click()
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Configuration')
    expect(pathname(page)).toBe(at('/docs/4.x/getting-started/configuration'))

    const next = page.getByRole('navigation', { name: 'Previous and next pages' }).getByRole('link', { name: /^Next/ })
    const target = (await next.getAttribute('href')) ?? ''
    expect(target.startsWith(at('/docs/4.x/'))).toBe(true)
    await next.click()
    await expect.poll(() => pathname(page)).toBe(target)
    await expect.poll(() => page.locator('main h1').textContent()).not.toBe('Configuration')

    await page.keyboard.press('Control+k')
    await page.getByRole('combobox', { name: 'Search the documentation' }).fill('routing')
    const options = page.getByRole('listbox').getByRole('option', { name: /routing/i })
    await expect.poll(() => options.count()).toBeGreaterThan(0)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('dialog', { name: 'Search the documentation' }).count()).toBe(0)
    await expect.poll(() => pathname(page)).toMatch(new RegExp(`^${at('/docs/4.x/')}`))
    await expect.poll(() => page.locator('main h1').count()).toBe(1)
    expect(await violations()).toEqual([])
    await context.close()
  })

  it('filters the module directory in the browser (sql.js), with no query sent to a server', async () => {
    const { context, page, queries, violations } = await watchedPage()
    await page.goto(url('/modules'))
    await appReady(page)
    await expect.poll(() => page.locator('.modules-summary h2').textContent()).toMatch(/^\d+ modules?$/)
    const chip = page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: /^Payment \(\d+\)$/ })
    const count = Number(/\((\d+)\)$/.exec((await chip.textContent()) ?? '')?.[1])
    expect(count).toBeGreaterThan(0)
    await chip.click()
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('Payment')
    await expect.poll(() => page.getByRole('list', { name: 'Modules' }).getByRole('heading').count()).toBe(count)
    expect(queries).toEqual([])
    expect(await violations()).toEqual([])
    await context.close()
  })

  it('caches hashed bundles and current databases for good, and serves the WebAssembly as such, compressed', async () => {
    const html = await (await fetch(url('/'))).text()
    const script = new RegExp(`${at('/_app/')}[\\w.-]+\\.js`).exec(html)?.[0]
    expect(script).toBeDefined()
    const bundle = await fetch(`${nginx?.url ?? ''}${script ?? ''}`)
    expect(bundle.status).toBe(200)
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // The sql.js WebAssembly, which the service worker precaches by name.
    const wasm = new RegExp(`${at('/_app/')}[\\w.-]+\\.wasm`).exec(await (await fetch(url('/sw.js'))).text())?.[0]
    expect(wasm).toBeDefined()
    const module = await fetch(`${nginx?.url ?? ''}${wasm ?? ''}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(module.headers.get('content-type')).toBe('application/wasm')
    expect(module.headers.get('content-encoding')).toBe('gzip')
    expect(module.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const manifest: { collections: Record<string, { image?: string }> } = await (await fetch(url('/__content/manifest.json'))).json()
    // The manifest names site paths; the browser puts them under the base.
    const image = at(manifest.collections.docsv4?.image ?? '')
    const database = await fetch(`${nginx?.url ?? ''}${image}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(database.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(database.headers.get('content-encoding')).toBe('gzip')
  })

  it('keeps a docs page read once readable offline, once the host is gone', async () => {
    const profile = await mkdtemp(join(tmpdir(), 'fjord-static-offline-'))
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], viewport: { width: 1280, height: 900 } })
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      const path = '/docs/4.x/getting-started/installation'
      await page.goto(url(path))
      await appReady(page)
      const title = await page.locator('main h1').first().textContent()
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 30_000 })
      await expect.poll(() => page.evaluate(async (kept) => (await caches.match(kept)) !== undefined, url(path)), { timeout: 15_000 }).toBe(true)
      await nginx?.stop()
      await page.reload()
      await appReady(page)
      expect(await page.locator('main h1').first().textContent()).toBe(title)
    } finally {
      await nginx?.start()
      await context.close()
      await rm(profile, { recursive: true, force: true })
    }
  })
}

describe.skipIf(missing)('a static host (nginx) serving dist/ at /', () => {
  const dist = join(project, 'dist')
  journeys('/', async () => ({ root: dist, include: join(dist, 'nginx.conf') }))
})

describe.skipIf(missing)('a static host (nginx) serving a build made with BASE_PATH=/fjord/', () => {
  journeys('/fjord/', async () => {
    const root = await mkdtemp(join(tmpdir(), 'fjord-static-host-'))
    const dist = join(root, 'fjord')
    await buildSite(dist, project, { prerender: true, env: { BASE_PATH: '/fjord/' } })
    return { root, include: join(dist, 'nginx.conf'), cleanup: () => rm(root, { recursive: true, force: true }) }
  })
})
