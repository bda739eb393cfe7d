import { resolve } from 'node:path'

import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import type { ContentManifest } from '../src/contract/content/build-output'
import { CONTENT_CACHE, OFFLINE_CACHES } from '../src/contract/offline'
import type { SearchHead } from '../src/contract/search-index'
import { appReady } from '../testing/browser'
import { persistentBrowser, switchableSite } from '../testing/switchable-site'

/**
 * A reader who downloaded a docs version searches it offline: the site on a server of its
 * own, which these journeys stop (every connection closed) while Chromium, with a
 * persistent profile (a real service worker and caches), is told the network is gone.
 */
const dist = resolve(import.meta.dirname, '..', 'dist')
const site = switchableSite(dist)
let browser: Awaited<ReturnType<typeof persistentBrowser>> | undefined
const base = () => site.url

beforeAll(() => site.start())
afterAll(() => site.close())
afterEach(async () => {
  await browser?.close()
  browser = undefined
  await site.start()
})

/** A fresh profile, and every console error and warning its pages print. */
async function openProfile(): Promise<{ page: Page; errors: string[]; warnings: string[] }> {
  browser = await persistentBrowser()
  const { page } = browser
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
  await site.stop()
  await browser?.context.setOffline(true)
  await browser?.context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false }))
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
      // The version's search index: its head, and every shard and chunk the head names.
      const searchIndex = async (head: string | undefined) => {
        const kept = head ? await (await caches.open(caches_.versioned)).match(head) : undefined
        if (!head || !kept) return false
        const { shards, chunks } = (await kept.json()) as SearchHead
        const dir = head.slice(0, head.lastIndexOf('/') + 1)
        return (await Promise.all([...shards, ...chunks].map((file) => has(caches_.versioned, dir + file.file)))).every(Boolean)
      }
      return {
        database: await has(contentCache, docsv4?.dump),
        search: await searchIndex(docsv4?.searchIndex?.path),
        navigation: await has(caches_.versioned, docsv4?.navigation?.path),
        icons: (await Promise.all(Object.values(manifest.icons ?? {}).map((path) => has(caches_.versioned, path)))).every(Boolean),
        images: (await Promise.all((docsv4?.images ?? []).map((image) => has(caches_.images, image.path)))).every(Boolean),
        blogSearch: await has(caches_.versioned, blog?.search?.path),
        hosting: await has(caches_.versioned, deploy?.search?.path),
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
