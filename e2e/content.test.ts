import type { Browser, Page, Route } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'

import { CONTENT_CACHE } from '../src/contract/offline'
import { appReady, launchBrowser } from '../testing/browser'

const base = inject('baseURL')
const first = '/docs/4.x/getting-started/installation'
const CONFIGURATION = '/docs/4.x/getting-started/configuration'
let browser: Browser | undefined

afterEach(async () => {
  await browser?.close()
  browser = undefined
})

/** Records what the page asks the server for, and console errors. */
function watch(page: Page) {
  const requests: string[] = []
  const errors: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    // Payloads with their build id query; everything else by path.
    requests.push(`${r.method()} ${url.pathname}${url.pathname.endsWith('_payload.json') ? url.search : ''}`)
  })
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  return { requests, errors }
}

const source = (page: Page) => page.locator('main').getAttribute('data-source')
const stats = (page: Page) => page.evaluate(() => Reflect.get(window, 'fjordContent').stats)

describe('content loading', () => {
  it('paints a docs page from its payload before the dump loads, then navigates from the database', async () => {
    browser = await launchBrowser()
    const page = await browser.newPage()
    const seen = watch(page)
    // Hold the dump back: the page must render without it.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/__content/docsv4/db.sqlite*', async (route: Route) => {
      await held
      await route.continue()
    })

    await page.goto(base + first)
    await appReady(page)
    await expect.poll(() => page.locator('h1').textContent()).toBe('Installation')
    expect(await source(page)).toBe('payload')
    // The payload URL carries the build id written into the page: cached for good, new with each build.
    const buildId = await page.evaluate(() => document.querySelector('meta[name="build-id"]')?.getAttribute('content'))
    expect(buildId).toMatch(/^[a-f0-9]+$/)
    expect(seen.requests).toContain(`GET ${first}/_payload.json?v=${buildId}`)
    // The sidebar's links in view fetch nothing before the database is loaded; pointing at one fetches its payload.
    await page.waitForTimeout(1000)
    const payloads = () => seen.requests.filter((r) => r.endsWith(`/_payload.json?v=${buildId}`))
    expect(payloads()).toEqual([`GET ${first}/_payload.json?v=${buildId}`])
    await page.locator('.docs-sidebar').getByRole('link', { name: 'Configuration', exact: true }).hover()
    await expect.poll(payloads).toContain(`GET /docs/4.x/getting-started/configuration/_payload.json?v=${buildId}`)

    release()
    await expect.poll(async () => (await stats(page)).loadMs.docsv4 ?? 0, { timeout: 20_000 }).toBeGreaterThan(0)
    await page
      .getByRole('navigation', { name: 'Previous and next pages' })
      .getByRole('link', { name: /^Next\b/ })
      .click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Configuration')
    expect(await source(page)).toBe('database')
    expect(new URL(page.url()).pathname).toBe('/docs/4.x/getting-started/configuration')
    expect(seen.requests.filter((r) => r.startsWith('POST'))).toEqual([])
    expect(seen.errors, JSON.stringify(seen.errors)).toEqual([])
  })

  it('parses the Markdown of the first page and of pages read ahead in a worker, off the main thread, and draws them', async () => {
    browser = await launchBrowser()
    const page = await browser.newPage()
    const seen = watch(page)
    const workers: string[] = []
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname))
    const bodies = () => page.evaluate(() => Reflect.get(window, 'fjordContent').bodyStats() as Promise<{ inWorker: number; refused: number }>)
    await page.goto(base + first)
    await appReady(page)
    // The page's own body was parsed there too, before the app drew it over the prerendered copy.
    const atStart = await bodies()
    expect(atStart.inWorker).toBeGreaterThan(0)
    expect(await page.locator('[data-body] h2').count()).toBeGreaterThan(0)
    await expect.poll(async () => (await stats(page)).loadMs.docsv4 ?? 0, { timeout: 20_000 }).toBeGreaterThan(0)
    await page.locator('.docs-sidebar').getByRole('link', { name: 'Configuration', exact: true }).hover()
    await expect.poll(async () => (await bodies()).inWorker).toBeGreaterThan(atStart.inWorker)
    expect((await bodies()).refused).toBe(0)
    expect(workers.some((path) => /\/_app\/parse\.worker-[\w-]+\.js$/.test(path))).toBe(true)
    await page.locator('.docs-sidebar').getByRole('link', { name: 'Configuration', exact: true }).click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Configuration')
    await expect.poll(() => page.locator('[data-body] h2').count()).toBeGreaterThan(0)
    expect(seen.errors, JSON.stringify(seen.errors)).toEqual([])
  })

  /** A docs page's body as the app draws it, then the page read ahead and clicked, and whether the page fetched the Markdown parser's own chunk (and by that click). */
  async function drawBodies(setUp: (page: Page) => Promise<unknown>) {
    browser = await launchBrowser()
    const page = await browser.newPage()
    await setUp(page)
    const seen = watch(page)
    await page.goto(base + first)
    await appReady(page)
    await expect.poll(() => page.locator('#prerendered').count()).toBe(0)
    const firstBody = await page.locator('#root [data-body]').innerHTML()
    // From here on: the first page's worker may start late on a busy machine, and then the parser is fetched beside it.
    const afterFirst = seen.requests.length
    const link = page.locator('.docs-sidebar').getByRole('link', { name: 'Configuration', exact: true })
    const readAhead = () => page.evaluate((path) => Reflect.get(window, 'fjordContent').readAhead(path) as Promise<boolean>, CONFIGURATION)
    await link.hover()
    // Clicked once the page is read ahead (on sight, or on the hover): a click before that draws it as a page not read ahead.
    await expect.poll(readAhead).toBe(true)
    await link.click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Configuration')
    await expect.poll(() => page.locator('#root [data-body]').getAttribute('data-complete')).toBe('true')
    const clicked = await page.locator('#root [data-body]').innerHTML()
    await browser.close()
    browser = undefined
    return { firstBody, clicked, parserFetched: fetchedParser(seen.requests), parserOnClick: fetchedParser(seen.requests.slice(afterFirst)), errors: seen.errors }
  }
  const fetchedParser = (requests: string[]) => requests.some((r) => /\/_app\/body-tree-[\w-]+\.js$/.test(r))

  it("draws a page read ahead without the Markdown parser's chunk on the main thread while the worker parses; without a worker, or with one that fails, fetches it and draws the same", async () => {
    const inWorker = await drawBodies(async () => {})
    expect(inWorker.parserOnClick).toBe(false)
    expect(inWorker.firstBody).toContain('<h2')
    expect(inWorker.clicked).toContain('<h2')
    expect(inWorker.errors, JSON.stringify(inWorker.errors)).toEqual([])

    const noWorker = await drawBodies((page) => page.addInitScript(() => Reflect.deleteProperty(globalThis, 'Worker')))
    const failingWorker = await drawBodies((page) => page.route('**/_app/parse.worker-*.js', (route: Route) => route.fulfill({ status: 404, body: 'gone' })))
    for (const drawn of [noWorker, failingWorker]) {
      expect(drawn.parserFetched).toBe(true)
      expect(drawn.firstBody).toBe(inWorker.firstBody)
      expect(drawn.clicked).toBe(inWorker.clicked)
    }
    expect(noWorker.errors, JSON.stringify(noWorker.errors)).toEqual([])
  })

  it('renders the same pages in a browser without WebAssembly, through the query endpoint', async () => {
    browser = await launchBrowser()
    const page = await browser.newPage()
    // Chromium has no switch that hides WebAssembly; removing it before any page script
    // runs gives the page what a browser without it looks like.
    await page.addInitScript(() => Reflect.deleteProperty(globalThis, 'WebAssembly'))
    const seen = watch(page)
    await page.goto(base + first)
    expect(await page.evaluate(() => typeof WebAssembly)).toBe('undefined')
    await appReady(page)
    await expect.poll(() => page.locator('h1').textContent()).toBe('Installation')

    await page
      .getByRole('navigation', { name: 'Previous and next pages' })
      .getByRole('link', { name: /^Next\b/ })
      .click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Configuration')
    expect(await source(page)).toBe('database')
    expect((await stats(page)).mode).toBe('endpoint')
    expect(seen.requests).toContain('POST /__content/docsv4/query')
    expect(seen.requests.some((r) => r.includes('db.sqlite') || r.includes('sql_dump.txt'))).toBe(false)
    expect(seen.errors, JSON.stringify(seen.errors)).toEqual([])
  })

  it('discards a corrupt dump, fetches it once more, then falls back to the endpoint', async () => {
    browser = await launchBrowser()
    const page = await browser.newPage()
    const seen = watch(page)
    await page.route('**/__content/docsv4/db.sqlite*', async (route: Route) => {
      const res = await route.fetch()
      const bytes = await res.body()
      await route.fulfill({ response: res, body: bytes.subarray(0, Math.floor(bytes.length / 2)) })
    })
    await page.goto(base + first)
    await appReady(page)
    await expect.poll(() => page.locator('h1').textContent()).toBe('Installation')
    await page.evaluate(() => Reflect.get(window, 'fjordContent').warm('docsv4'))
    expect(seen.requests.filter((r) => r.includes('db.sqlite'))).toHaveLength(2)

    await page
      .getByRole('navigation', { name: 'Previous and next pages' })
      .getByRole('link', { name: /^Next\b/ })
      .click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('Configuration')
    expect(seen.requests).toContain('POST /__content/docsv4/query')
  })

  it('keeps the dump in Cache Storage under its checksum and loads it from there next time', async () => {
    browser = await launchBrowser()
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(base + first)
    await expect.poll(async () => (await stats(page)).loadMs.docsv4 ?? 0, { timeout: 20_000 }).toBeGreaterThan(0)
    const manifest = await (await fetch(`${base}/__content/manifest.json`)).json()
    // The database is stored after it loads, off the critical path.
    const cachedKeys = () =>
      page.evaluate(async (cacheName) => {
        const cache = await caches.open(cacheName)
        return (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search)
      }, CONTENT_CACHE)
    await expect.poll(cachedKeys, { timeout: 10_000 }).toContain(`/__content/docsv4/sql_dump.txt?v=${manifest.collections.docsv4.checksum}`)

    const second = await context.newPage()
    const seen = watch(second)
    await second.goto(base + first)
    await expect.poll(async () => (await stats(second)).loadMs.docsv4 ?? 0, { timeout: 20_000 }).toBeGreaterThan(0)
    expect(seen.requests.some((r) => r.includes('db.sqlite') || r.includes('sql_dump.txt'))).toBe(false)
  })

  it('answers an unknown path with HTTP 404 and says so', async () => {
    browser = await launchBrowser()
    const page = await browser.newPage()
    const response = await page.goto(`${base}/docs/4.x/no-such-page`)
    expect(response?.status()).toBe(404)
    // The docs route matched but no page has the path: the fatal 404 of a failed validation.
    await expect.poll(() => page.locator('main').textContent()).toContain('Page Not Found: /docs/4.x/no-such-page')
    expect(await page.title()).toBe('Page not found')
  })
})

describe('what crawlers and link previews see', () => {
  it('serves each route with its own head tags before any JavaScript runs', async () => {
    const html = await (await fetch(base + first)).text()
    expect(html).toContain('<title>Installation · Fjord</title>')
    expect(html).toContain('<link rel="canonical" href="https://fjord.dev/docs/4.x/getting-started/installation" />')
    expect(html).toContain('<meta property="og:title" content="Installation · Fjord" />')

    browser = await launchBrowser()
    const page = await browser.newPage()
    await page.goto(base + first)
    await expect.poll(() => page.locator('h1').textContent()).toBe('Installation')
    expect(await page.title()).toBe('Installation · Fjord')
  })

  it('titles unknown paths "Page not found" and lists real routes in the sitemap', async () => {
    const res = await fetch(`${base}/nothing/here`)
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('<title>Page not found</title>')
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text()
    expect(sitemap).toContain('<loc>https://fjord.dev/docs/4.x/getting-started/installation</loc>')
    expect(await (await fetch(`${base}/robots.txt`)).text()).toContain('Sitemap: https://fjord.dev/sitemap.xml')
  })
})

describe('a chunk that fails to load', () => {
  // Without the service worker, whose precache would serve the chunk the server lost
  // (what these journeys prove is the reload guard of a browser that has none yet).
  const newPage = async () => (await (browser = await launchBrowser()).newContext({ serviceWorkers: 'block' })).newPage()
  /**
   * How many times the page's document is requested: its first load and each reload. (Not
   * `load` events: the app may reload before the first document's load, which waits for
   * every stylesheet and image of the prerendered copy, has fired.)
   */
  const countDocuments = (page: Page) => {
    const count = { documents: 0 }
    page.on('request', (request) => (request.isNavigationRequest() && request.frame() === page.mainFrame() ? count.documents++ : undefined))
    return count
  }

  it('reloads the page once and then renders', async () => {
    const page = await newPage()
    // A deploy removed the chunk the first document names (every request for it fails, a
    // preload and the import alike); the reloaded document finds it.
    const loads = countDocuments(page)
    await page.route('**/_app/markdown-body-*.js', (route: Route) => (loads.documents <= 1 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()))
    await page.goto(base + first)
    await expect.poll(() => page.locator('#root main [data-body] > *').count(), { timeout: 15_000 }).toBeGreaterThan(0)
    expect(loads.documents).toBe(2)
  })

  it('reloads only once when the chunk stays missing', async () => {
    const page = await newPage()
    await page.route('**/_app/markdown-body-*.js', (route: Route) => route.fulfill({ status: 404, body: 'gone' }))
    const loads = countDocuments(page)
    await page.goto(base + first)
    await expect.poll(() => page.locator('#root main').getAttribute('data-status'), { timeout: 15_000 }).toBe('500')
    expect(await page.locator('#prerendered').count()).toBe(0)
    await page.waitForTimeout(1000)
    expect(loads.documents).toBe(2)
  })
})
