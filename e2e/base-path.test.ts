import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import config from '../site.config'
import { type ApiModule, modulesResponseSchema } from '../src/contract/api-schemas'
import { stripBase } from '../src/contract/base'
import { CONTENT_CACHE } from '../src/contract/offline'
import { appReady, CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../testing/browser'
import { buildSite, serveDist } from '../testing/build-site'

/**
 * The whole site under a sub-path, as `BASE_PATH=/fjord/ npm run build` makes it and the
 * Node server serves it: the files the build wrote, then a reader's journey, then
 * offline reading, all without a URL leaving `/fjord/`.
 */
const BASE = '/fjord/'
const root = resolve(import.meta.dirname, '..')
const origin = new URL(config.brand.url).origin
let dist = ''
let served: Awaited<ReturnType<typeof serveDist>> | undefined
let browser: Browser | undefined
let context: BrowserContext | undefined
let profile = ''
const url = (path: string) => `${served?.url ?? ''}${path}`

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'fjord-base-path-'))
  await buildSite(dist, root, { prerender: true, base: BASE })
  served = await serveDist(dist)
  browser = await launchBrowser()
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await served?.close().catch(() => undefined)
  if (profile) await rm(profile, { recursive: true, force: true })
  if (dist) await rm(dist, { recursive: true, force: true })
})

/** Every file under `dir` with one of `extensions`, by its path relative to `dir`; the build's private folders are no part of the site. */
async function filesOf(dir: string, extensions: RegExp): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && extensions.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .filter((file) => !file.split('/').some((part) => part.startsWith('.')))
}

/**
 * The URLs a page's markup links, loads or names: attributes of real tags (not text in
 * code blocks), the entry script's import, and the absolute URLs of its head (canonical,
 * Open Graph, feeds). Absolute links a page's content writes are its author's own.
 */
function urlsOfHtml(html: string): string[] {
  const urls: string[] = []
  for (const [, tag = '', attribute = '', value = ''] of html.matchAll(/<([a-zA-Z]+)[^<>]*?\s(href|src|srcset|content)="([^"]*)"/g)) {
    const values = attribute === 'srcset' ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '') : [value.replaceAll('&amp;', '&')]
    const inHead = tag === 'link' || tag === 'meta'
    urls.push(...values.filter((v) => v.startsWith('/') || (inHead && /^https?:/.test(v))))
  }
  for (const [, src = ''] of html.matchAll(/import\("([^"]+)"\)/g)) urls.push(src)
  return urls
}

/** A URL of this site (a site path, or an absolute URL on the site's public origin) that is not under the base. */
function outsideBase(value: string): boolean {
  if (value.startsWith('//')) return false
  if (value.startsWith('/')) return !value.startsWith(BASE)
  if (!value.startsWith(origin)) return false
  return !new URL(value).pathname.startsWith(BASE)
}

describe('a site built for a base path', () => {
  it('writes every link, image, script and file of its pages, feeds, sitemap, llms.txt, web manifest and service worker under the base', async () => {
    const outside = new Map<string, string[]>()
    const missing: string[] = []
    const check = (file: string, urls: readonly string[]) => {
      const wrong = urls.filter(outsideBase)
      if (wrong.length) outside.set(file, [...new Set(wrong)])
      // A file the page names (a script, a style sheet, an image, a feed) is where it says.
      for (const value of urls) {
        const path = value.startsWith(BASE) ? stripBase(BASE, value.split(/[?#]/)[0] ?? '') : undefined
        if (path && /\.[a-z0-9]+$/i.test(path) && !existsSync(join(dist, decodeURIComponent(path)))) missing.push(`${file}: ${value}`)
      }
    }
    const pages = await filesOf(dist, /\.html$/)
    expect(pages.length).toBeGreaterThan(100)
    for (const file of pages) check(file, urlsOfHtml(await readFile(join(dist, file), 'utf8')))

    const text = (file: string) => readFile(join(dist, file), 'utf8')
    const sitemap = [...(await text('sitemap.xml')).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '')
    expect(sitemap).toContain(`${origin}${BASE}docs/4.x/getting-started/installation`)
    check('sitemap.xml', sitemap)
    expect(await text('robots.txt')).toContain(`Sitemap: ${origin}${BASE}sitemap.xml`)
    for (const feed of ['blog/rss.xml', 'blog/atom.xml']) {
      const links = [...(await text(feed)).matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]).filter((link) => link.startsWith(origin))
      expect(links.length).toBeGreaterThan(3)
      check(feed, links)
    }
    const llms = [...(await text('llms.txt')).matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1] ?? '')
    expect(llms).toContain(`${origin}${BASE}raw/docs/4.x/getting-started/installation.md`)
    check('llms.txt', llms)
    check(
      'llms-full.txt',
      [...(await text('llms-full.txt')).matchAll(/^Source: (\S+)$/gm)].map((m) => m[1] ?? ''),
    )

    const manifest: unknown = JSON.parse(await text('manifest.webmanifest'))
    expect(manifest).toMatchObject({ start_url: BASE, scope: BASE })
    const icons = manifest && typeof manifest === 'object' && 'icons' in manifest && Array.isArray(manifest.icons) ? manifest.icons.map((icon: { src: string }) => icon.src) : []
    expect(icons.length).toBeGreaterThan(0)
    check('manifest.webmanifest', icons)

    const precache = [...(await text('sw.js')).matchAll(/\{"url":"([^"]+)","revision":/g)].map((m) => m[1] ?? '')
    expect(precache).toContain(`${BASE}200.html`)
    expect(precache.some((entry) => entry.startsWith(`${BASE}_app/`) && entry.endsWith('.wasm'))).toBe(true)
    check('sw.js', precache)

    expect(Object.fromEntries(outside)).toEqual({})
    expect(missing).toEqual([])
    expect(JSON.parse(await text('builds/latest.json'))).toMatchObject({ base: BASE })
  })

  it('is served under the base only: the bare origin leads there, other paths are not the site', async () => {
    const get = (path: string) => fetch(url(path), { redirect: 'manual' })
    const home = await get('/')
    expect([home.status, home.headers.get('location')]).toEqual([302, BASE])
    const bare = await get(BASE.slice(0, -1))
    expect([bare.status, bare.headers.get('location')]).toEqual([301, BASE])
    expect((await get('/docs/4.x/getting-started/installation')).status).toBe(404)
    expect((await get('/fjordx/docs')).status).toBe(404)
    // The site's own redirects (site.config.ts, folders, unversioned docs paths) stay under the base.
    const unversioned = await get(`${BASE}docs/getting-started`)
    expect([unversioned.status, unversioned.headers.get('location')]).toEqual([301, `${BASE}docs/4.x/getting-started`])
    const page = await get(`${BASE}docs/4.x/getting-started/installation`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`<link rel="canonical" href="${origin}${BASE}docs/4.x/getting-started/installation" />`)
    const stats = await get(`${BASE}api/stats`)
    expect(stats.status).toBe(200)
  })

  it('takes a reader from the home page through the docs, the sidebar, search and the module filters without leaving the base', async () => {
    const page = await (browser as Browser).newPage({ viewport: { width: 1280, height: 900 } })
    const leaving: string[] = []
    const failing: string[] = []
    const errors: string[] = []
    const own = (address: string) => new URL(address).origin === served?.url
    page.on('request', (request) => {
      if (own(request.url()) && !new URL(request.url()).pathname.startsWith(BASE)) leaving.push(request.url())
    })
    page.on('response', (response) => {
      if (own(response.url()) && response.status() >= 400) failing.push(`${response.status()} ${new URL(response.url()).pathname}`)
    })
    page.on('pageerror', (error) => errors.push(String(error)))
    const path = () => new URL(page.url()).pathname
    const h1 = () => page.locator('main h1').first().textContent()

    await page.goto(url(BASE))
    await appReady(page)
    // Header menu → docs: the menu's link is written `/docs/getting-started` in the site config.
    await page.getByRole('button', { name: 'Docs', exact: true }).click()
    await page.getByRole('link', { name: /^Get Started/ }).click()
    await expect.poll(path).toMatch(/^\/fjord\/docs\/4\.x\/getting-started/)
    await appReady(page)

    // The sidebar's links are under the base, and followed in the app.
    const sidebar = page.locator(`.docs-sidebar a[href="${BASE}docs/4.x/getting-started/configuration"]`).first()
    await sidebar.click()
    await expect.poll(path).toBe(`${BASE}docs/4.x/getting-started/configuration`)
    await expect.poll(h1).toMatch(/configuration/i)

    // A search result opens its page under the base.
    await page.keyboard.press('Control+k')
    await page.getByRole('combobox', { name: 'Search the documentation' }).fill('installation')
    // The page's own result (its description), once the records are loaded and indexed.
    const result = page.getByRole('listbox').getByRole('option').filter({ hasText: 'Create a new Fjord 4 project' }).first()
    await result.waitFor({ timeout: 20_000 })
    await result.click()
    await expect.poll(path).toBe(`${BASE}docs/4.x/getting-started/installation`)
    await expect.poll(h1).toBe('Installation')

    // The module directory's filters (sql.js in the browser) keep to the base.
    const all: ApiModule[] = modulesResponseSchema.parse(await (await fetch(url(`${BASE}api/modules`))).json()).modules
    const payment = all.filter((m) => m.category === 'Payment')
    await page.goto(url(`${BASE}modules`))
    await appReady(page)
    await page
      .getByRole('group', { name: 'Categories' })
      .getByRole('button', { name: `Payment (${payment.length})`, exact: true })
      .click()
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('Payment')
    expect(path()).toBe(`${BASE}modules`)
    await expect.poll(() => page.getByRole('list', { name: 'Modules' }).getByRole('heading').allTextContents()).toEqual(payment.map((m) => m.name))
    // A module card's link and image are under the base.
    const card = page.getByRole('list', { name: 'Modules' }).getByRole('link').first()
    expect(await card.getAttribute('href')).toMatch(/^\/fjord\/modules\//)
    const icons = await page.locator('.ui-grid-item img').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).getAttribute('src') ?? ''))
    expect(icons.filter((src) => src.startsWith('/') && !src.startsWith(BASE))).toEqual([])

    // A deep page typed in and reloaded.
    const deep = `${BASE}docs/4.x/guide/concepts/rendering`
    await page.goto(url(deep))
    await appReady(page)
    const title = await h1()
    expect(title).toMatch(/rendering/i)
    await page.reload()
    await appReady(page)
    expect(await h1()).toBe(title)
    expect(path()).toBe(deep)

    expect(leaving).toEqual([])
    // A link to a redirected path (the menu's folder) asks for its payload first, then follows the build's redirect.
    const latest: { id: string } = JSON.parse(await readFile(join(dist, 'builds', 'latest.json'), 'utf8'))
    const { redirects }: { redirects: Record<string, string> } = JSON.parse(await readFile(join(dist, 'builds', 'meta', `${latest.id}.json`), 'utf8'))
    const redirected = (line: string) => /^404 .*\/_payload\.json$/.test(line) && Object.hasOwn(redirects, stripBase(BASE, line.slice(4, -'/_payload.json'.length)))
    expect(failing.filter((line) => !redirected(line))).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('reads offline under the base: the service worker is scoped to it and keeps its pages and databases', async () => {
    profile = await mkdtemp(join(tmpdir(), 'fjord-base-offline-'))
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], viewport: { width: 1280, height: 900 } })
    const page: Page = context.pages()[0] ?? (await context.newPage())
    const first = `${BASE}docs/4.x/getting-started/installation`
    await page.goto(url(first))
    await appReady(page)
    const title = await page.locator('main h1').first().textContent()
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 30_000 })
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(url(BASE))
    await expect.poll(() => page.evaluate(async (address) => (await caches.match(address)) !== undefined, url(first)), { timeout: 15_000 }).toBe(true)
    // The content worker keeps the version's database under its URL below the base.
    await expect
      .poll(
        () =>
          page.evaluate(
            async ([base, cacheName]) => {
              const manifest = await (await fetch(`${base}__content/manifest.json`)).json()
              return (await (await caches.open(cacheName)).match(`${base}${manifest.collections.docsv4.dump.slice(1)}`)) !== undefined
            },
            [BASE, CONTENT_CACHE] as const,
          ),
        { timeout: 20_000 },
      )
      .toBe(true)

    // The network goes: the server stops (the last journey of this file).
    const serving = served
    served = undefined
    await serving?.close()
    await page.reload()
    await appReady(page)
    expect(await page.locator('main h1').first().textContent()).toBe(title)
    // A page of the same version never opened: from the version's database, under the base.
    await page.locator(`.docs-sidebar a[href="${BASE}docs/4.x/getting-started/configuration"]`).first().click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${BASE}docs/4.x/getting-started/configuration`)
    await expect.poll(() => page.locator('main h1').first().textContent()).toMatch(/configuration/i)
  })
})
