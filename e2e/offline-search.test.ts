import { mkdtemp, rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { serve } from '@hono/node-server'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { createApp } from '../server/app'
import { loadSite } from '../server/site'
import config from '../site.config'
import type { ContentManifest } from '../src/contract/content/build-output'
import { CONTENT_CACHE, OFFLINE_CACHES } from '../src/contract/offline'
import { appReady, CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/browser'

/**
 * A reader who downloaded a docs version searches it offline: the site on a server of its
 * own, which these journeys stop (every connection closed) while Chromium, with a
 * persistent profile (a real service worker and caches), is told the network is gone.
 */
const dist = resolve(import.meta.dirname, '..', 'dist')
let server: Server
let port = 0
let context: BrowserContext | undefined
let profile = ''
let dataDir = ''

async function listen() {
  const site = await loadSite(dist)
  dataDir ||= await mkdtemp(join(tmpdir(), 'fjord-offline-search-data-'))
  const app = createApp({ site, config, api: { dataDir } })
  server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }) as Server
  await new Promise<void>((done) => server.once('listening', done))
  port = (server.address() as AddressInfo).port
}
const base = () => `http://127.0.0.1:${port}`

async function stopServer() {
  await new Promise<void>((done) => {
    server.close(() => done())
    server.closeAllConnections()
  })
}

beforeAll(listen)
afterAll(async () => {
  await stopServer().catch(() => undefined)
  await rm(dataDir, { recursive: true, force: true })
})
afterEach(async () => {
  await context?.close()
  context = undefined
  if (profile) await rm(profile, { recursive: true, force: true })
  if (!server.listening) await listen()
})

/** A fresh profile, and every console error and warning its pages print. */
async function openProfile(): Promise<{ page: Page; errors: string[]; warnings: string[] }> {
  profile = await mkdtemp(join(tmpdir(), 'fjord-offline-search-'))
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], viewport: { width: 1280, height: 900 } })
  const page = context.pages()[0] ?? (await context.newPage())
  const errors: string[] = []
  const warnings: string[] = []
  page.on('console', (message) => {
    const text = `${message.text()} (${message.location().url})`
    if (message.type() === 'error') errors.push(text)
    if (message.type() === 'warning') warnings.push(text)
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return { page, errors, warnings }
}

/**
 * The network goes: the server stops, Chromium's network is cut, and the pages know it, as
 * a browser that lost its connection tells them (`navigator.onLine` false: Playwright's
 * cut leaves it true, so each page loaded from now on is told).
 */
async function goOffline() {
  await stopServer()
  await context?.setOffline(true)
  await context?.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false }))
}

const h1 = (page: Page) => page.locator('main h1').first()

async function search(page: Page, query: string) {
  await page.keyboard.press('Control+k')
  await page.getByRole('combobox', { name: 'Search the documentation' }).fill(query)
  // Results, not the Ask AI entry (which repeats the query).
  const options = page.getByRole('listbox').locator('[role="option"]:not(.search-ask)', { hasText: new RegExp(query, 'i') })
  await expect.poll(() => options.count(), { timeout: 15_000 }).toBeGreaterThan(0)
  return options
}

/** Whether each file a downloaded 4.x reader needs is kept where the site looks for it offline. */
async function keptFiles(page: Page) {
  return page.evaluate(
    async ([contentCache, caches_]) => {
      const manifest: ContentManifest = await (await fetch('/__content/manifest.json')).json()
      const has = async (cache: string, url: string | undefined) => Boolean(url && (await (await caches.open(cache)).match(url)))
      const { docsv4, blog, deploy } = manifest.collections
      return {
        database: await has(contentCache, docsv4?.dump),
        search: await has(caches_.versioned, docsv4?.search?.path),
        navigation: await has(caches_.versioned, docsv4?.navigation?.path),
        icons: (await Promise.all(Object.values(manifest.icons ?? {}).map((path) => has(caches_.versioned, path)))).every(Boolean),
        images: (await Promise.all((docsv4?.images ?? []).map((image) => has(caches_.images, image.path)))).every(Boolean),
        blogSearch: await has(caches_.versioned, blog?.search?.path),
        hosting: await has(contentCache, deploy?.dump),
      }
    },
    [CONTENT_CACHE, OFFLINE_CACHES] as const,
  )
}

describe('offline search of a downloaded version', () => {
  it.each([
    ['never opened before going offline', false],
    ['opened once online', true],
  ])('searches the downloaded docs offline with the palette %s, opens a result, and shows the offline page for another version', async (_, openedOnline) => {
    const { page, errors, warnings } = await openProfile()
    await page.goto(`${base()}/docs/4.x/getting-started/introduction`)
    await appReady(page)
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 30_000 })
    if (openedOnline) {
      await search(page, 'routing')
      await page.keyboard.press('Escape')
    }

    const card = page.getByRole('region', { name: 'Read offline' })
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toMatch(/Keep all \d+ pages of the 4\.x docs in this browser: [\d.]+ (KB|MB) to download\./)
    await card.getByRole('button', { name: 'Download for offline' }).click()
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).toMatch(/Available offline: \d+ pages/)
    expect(await keptFiles(page)).toEqual({ database: true, search: true, navigation: true, icons: true, images: true, blogSearch: true, hosting: true })

    await goOffline()
    await page.reload()
    await appReady(page)
    await expect.poll(() => h1(page).textContent()).toMatch(/introduction/i)
    // The header's icons come from the kept icon file.
    await expect.poll(() => page.locator('header svg[data-icon]').count()).toBeGreaterThan(0)

    await search(page, 'routing')
    // Every group could be loaded: no line says one is left out.
    expect(await page.locator('.search-missing').count()).toBe(0)
    await page.keyboard.press('Escape')
    // The best result is selected: Enter opens it, from the kept database.
    const options = await search(page, 'configuration')
    expect(await options.first().getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/docs/4.x/getting-started/introduction')
    expect(new URL(page.url()).pathname).toMatch(/^\/(docs\/4\.x|blog)\//)
    await expect.poll(() => h1(page).textContent()).toMatch(/\w/)
    expect(await page.locator('main').getAttribute('data-offline')).toBeNull()

    // A version not downloaded: the offline page, which names the version that is kept.
    expect(errors.join('\n')).toBe('')
    await page.goto(`${base()}/docs/3.x/getting-started/installation`)
    await expect.poll(() => h1(page).textContent(), { timeout: 15_000 }).toBe('You are offline')
    expect(await page.getByRole('link', { name: /4\.x docs/ }).getAttribute('href')).toBe('/docs/4.x')

    expect(errors.join('\n')).toBe('')
    expect(warnings.filter((text) => /session|stats|icons|search/i.test(text))).toEqual([])

    // A group whose data this browser lost: left out with one quiet line, the docs still found.
    await page.evaluate(
      async ([name]) => {
        const manifest: ContentManifest = await (await fetch('/__content/manifest.json')).json()
        const path = manifest.collections.blog?.search?.path
        if (path) await (await caches.open(name)).delete(path)
      },
      [OFFLINE_CACHES.versioned] as const,
    )
    await page.goto(`${base()}/docs/4.x/getting-started/introduction`)
    await appReady(page)
    await search(page, 'routing')
    await expect.poll(() => page.locator('.search-missing').textContent()).toBe('Blog results are not available offline')
  })
})
