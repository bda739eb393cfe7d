import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'

import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import config from '../site.config'
import { CONTENT_CACHE, OFFLINE_CACHES } from '../src/contract/offline'
import { appReady } from '../testing/browser'
import { persistentBrowser, switchableSite } from '../testing/switchable-site'

/**
 * Offline reading with a real network cut: the site on a server of its own, which these
 * journeys stop (every open connection closed) and start again on the same port, and
 * Chromium with a persistent profile, so the service worker and its caches are real.
 */
const dist = resolve(import.meta.dirname, '..', 'dist')
/** What /sw.js answers with: the build's file, or a changed one (a new build). */
let swSuffix = ''
const sw = readFile(join(dist, 'sw.js'), 'utf8')
const site = switchableSite(
  dist,
  (app) => async (request) =>
    new URL(request.url).pathname === '/sw.js' && swSuffix
      ? new Response(`${await sw}\n${swSuffix}`, { headers: { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-cache' } })
      : app(request),
)
let browser: Awaited<ReturnType<typeof persistentBrowser>> | undefined
const base = () => site.url
const goOffline = () => site.stop()
const goOnline = () => site.start()

beforeAll(() => site.start())
afterAll(() => site.close())
afterEach(async () => {
  await browser?.close()
  browser = undefined
  await goOnline()
  swSuffix = ''
})

async function openProfile(): Promise<Page> {
  browser = await persistentBrowser()
  return browser.page
}

/** Until the service worker controls the page and keeps what the first visit loaded. */
async function untilKept(page: Page, path: string) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 30_000 })
  await expect.poll(() => page.evaluate(async (url) => (await caches.match(url)) !== undefined, base() + path), { timeout: 15_000 }).toBe(true)
}

/** Until the content worker keeps a docs version's database (it loads it once the page is idle). */
async function untilDatabaseKept(page: Page, collection: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ([name, cacheName]) => {
            const manifest = await (await fetch('/__content/manifest.json')).json()
            return (await (await caches.open(cacheName)).match(manifest.collections[name].dump)) !== undefined
          },
          [collection, CONTENT_CACHE] as const,
        ),
      { timeout: 20_000 },
    )
    .toBe(true)
}

const h1 = (page: Page) => page.locator('main h1').first()

describe('offline reading', () => {
  it('reloads a docs page read once, opens other pages of its version through sql.js, and searches what was loaded', async () => {
    const page = await openProfile()
    const first = '/docs/4.x/getting-started/installation'
    await page.goto(base() + first)
    await appReady(page)
    const title = await h1(page).textContent()
    await untilKept(page, first)
    await untilDatabaseKept(page, 'docsv4')
    // Images: the ones a docs page shows are kept; a directory's dozens of icons are left
    // to the HTTP cache. (A new URL each, so no page reuses one from Blink's memory cache.)
    const showImage = (url: string) =>
      page.evaluate(
        (src) =>
          new Promise<boolean>((done) => {
            const img = new Image()
            img.onload = () => done(true)
            img.onerror = () => done(false)
            img.src = src
          }),
        url,
      )
    const keptImages = () =>
      page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search), OFFLINE_CACHES.images)
    expect(await showImage(`${config.brand.icon.light}?shown-by=docs`)).toBe(true)
    await page.goto(base() + '/modules')
    await appReady(page)
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.ui-grid-item img')].some((img) => img.complete && img.naturalWidth > 0))
    expect(await showImage(`${config.brand.icon.light}?shown-by=modules`)).toBe(true)
    await expect.poll(keptImages, { timeout: 15_000 }).toContain(`${config.brand.icon.light}?shown-by=docs`)
    expect((await keptImages()).filter((path) => path.startsWith('/icons/modules/') || path.endsWith('?shown-by=modules'))).toEqual([])
    await page.goto(base() + first)
    await appReady(page)
    // Search once online: its records are kept for later.
    await page.keyboard.press('Control+k')
    await page.getByRole('combobox', { name: 'Search the documentation' }).fill('routing')
    await expect
      .poll(
        () =>
          page
            .getByRole('listbox')
            .getByRole('option', { name: /routing/i })
            .count(),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0)
    await page.keyboard.press('Escape')

    await goOffline()
    await page.reload()
    await appReady(page)
    expect(await h1(page).textContent()).toBe(title)
    // The header's mark is drawn: inline when the icon is a plain SVG (the demo's), else its image loaded from the cache.
    await expect
      .poll(() =>
        page
          .locator('header .logo .only-light')
          .first()
          .evaluate((mark) =>
            mark instanceof HTMLImageElement
              ? mark.complete && mark.naturalWidth > 0
              : mark.getBoundingClientRect().width > 0 && mark.querySelector('path, rect, circle, polygon') !== null,
          ),
      )
      .toBe(true)

    // A page of the same version never opened: from the version's database.
    const link = page.locator('.docs-sidebar a[href="/docs/4.x/getting-started/configuration"]')
    await link.click()
    await expect.poll(() => page.url()).toBe(`${base()}/docs/4.x/getting-started/configuration`)
    await expect.poll(() => h1(page).textContent()).toMatch(/configuration/i)

    // Typed in the address bar, a page whose payload this browser never fetched: the app
    // shell draws it from the version's database.
    const unseen = '/docs/4.x/guide/concepts/rendering'
    expect(await page.evaluate(async (path) => (await caches.match(path, { ignoreSearch: true })) !== undefined, `${unseen}/_payload.json`)).toBe(false)
    await page.goto(base() + unseen)
    await appReady(page)
    await expect.poll(() => h1(page).textContent()).toMatch(/rendering/i)
    expect(await page.locator('main').getAttribute('data-source')).toBe('database')

    // Search over what was loaded.
    await page.keyboard.press('Control+k')
    await page.getByRole('combobox', { name: 'Search the documentation' }).fill('routing')
    await expect
      .poll(
        () =>
          page
            .getByRole('listbox')
            .getByRole('option', { name: /routing/i })
            .count(),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0)
    await page.keyboard.press('Escape')

    // A page this browser never kept: the offline page, not a white screen.
    await page.goto(`${base()}/blog/caching-server-routes`)
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe('You are offline')
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true)
  })

  it('downloads a whole docs version for offline reading, with its size first and its progress', async () => {
    const page = await openProfile()
    await page.goto(`${base()}/docs/3.x/getting-started/introduction`)
    await appReady(page)
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 30_000 })
    const card = page.getByRole('region', { name: 'Read offline' })
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toMatch(/Keep all \d+ pages of the 3\.x docs in this browser: [\d.]+ (KB|MB) to download\./)
    await card.getByRole('button', { name: 'Download for offline' }).click()
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).toMatch(/Available offline: \d+ pages/)

    // A translation is downloaded on its own, from its own pages, in its own words.
    await page.goto(`${base()}/es/docs/4.x/getting-started/introduction`)
    await appReady(page)
    const spanishCard = page.getByRole('region', { name: 'Leer sin conexión' })
    await spanishCard.getByRole('button', { name: 'Descargar para leer sin conexión' }).click({ timeout: 15_000 })
    await expect.poll(() => spanishCard.textContent(), { timeout: 20_000 }).toMatch(/Disponible sin conexión: \d+ páginas/)

    await goOffline()
    await page.goto(`${base()}/docs/3.x/getting-started/installation`)
    await appReady(page)
    await expect.poll(() => h1(page).textContent()).toMatch(/installation/i)
    // The offline page names what is kept, the translation with its language.
    await page.goto(`${base()}/modules`)
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe('You are offline')
    expect(await page.getByRole('link', { name: /3\.x docs/ }).getAttribute('href')).toBe('/docs/3.x')
    expect(await page.getByRole('link', { name: /4\.x docs \(Español\)/ }).getAttribute('href')).toBe('/es/docs/4.x')

    // Removed, the version is not kept any more.
    await goOnline()
    await page.goto(`${base()}/docs/3.x/getting-started/introduction`)
    await appReady(page)
    await card.getByRole('button', { name: 'Remove offline copy' }).click()
    await expect.poll(() => card.textContent()).toMatch(/Download for offline/)
  })

  it('offers a reload when a new build is deployed, and the reload runs the new build', async () => {
    const page = await openProfile()
    await page.goto(`${base()}/docs/4.x/getting-started/introduction`)
    await appReady(page)
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 30_000 })
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)

    swSuffix = '// the next build'
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
    const toast = page.getByText('A new version of the site is available')
    await expect.poll(() => toast.isVisible(), { timeout: 20_000 }).toBe(true)
    await page.evaluate(() => Object.assign(window, { beforeReload: true }))
    await page.getByRole('button', { name: 'Reload' }).click()
    await expect.poll(() => page.evaluate(() => 'beforeReload' in window), { timeout: 15_000 }).toBe(false)
    await appReady(page)
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return { waiting: Boolean(registration?.waiting), script: navigator.serviceWorker.controller?.scriptURL }
    })
    expect(after).toEqual({ waiting: false, script: before })
  })
})
