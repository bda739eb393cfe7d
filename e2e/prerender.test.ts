import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })

async function open(path: string, javaScriptEnabled: boolean) {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined))
  const response = await page.goto(base + path)
  return { page, context, errors, status: response?.status() }
}

const h1 = (page: Page) => page.locator('main h1').textContent()

/** Every stylesheet the page links has loaded (a sheet that failed, or was refused, has none). */
const stylesheets = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => ({ href: new URL(link.href).pathname, loaded: link.sheet !== null })))

describe('pages drawn by the build', () => {
  for (const [path, title] of [
    ['/', 'Build full-stack apps that flow'],
    ['/modules', 'Fjord modules'],
    ['/blog/fjord-4', 'Announcing Fjord 4.0'],
  ] as const) {
    it(`${path} is painted from its HTML, styled, before any script; then the app draws the same page in its place`, async () => {
      const bare = await open(path, false)
      expect(bare.status).toBe(200)
      expect(await h1(bare.page)).toBe(title)
      // The route's own CSS is linked in the head, beside the app's.
      const sheets = await stylesheets(bare.page)
      expect(sheets.length).toBeGreaterThan(1)
      expect(sheets.filter((sheet) => !sheet.loaded)).toEqual([])
      // Styles the components set are rules the page's policy allows: no refusal in the console.
      expect(bare.errors).toEqual([])
      await bare.context.close()

      const { page, context, errors } = await open(path, true)
      await page.waitForFunction(() => !document.getElementById('prerendered') && document.querySelector('#root main h1'))
      expect(await h1(page)).toBe(title)
      expect(await page.locator('h1').count()).toBe(1)
      expect(await page.locator('header.site-header').count()).toBe(1)
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it('a docs page asks for the app’s code only once its own content is painted', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    // Each largest-contentful-paint candidate, and whether it was the build's copy of the page.
    await page.addInitScript(() => {
      const seen: { at: number; prerendered: boolean }[] = []
      Reflect.set(window, '__lcp', seen)
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as LargestContentfulPaint[]) seen.push({ at: entry.startTime, prerendered: Boolean(entry.element?.closest('#prerendered')) })
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    await page.goto(`${base}/docs/4.x/getting-started/installation`)
    await page.waitForFunction(() => !document.getElementById('prerendered') && document.querySelector('#root main h1'))
    const { lcp, fcp, scripts, preloads } = await page.evaluate(() => ({
      lcp: Reflect.get(window, '__lcp') as { at: number; prerendered: boolean }[],
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/_app\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
      preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    }))
    expect(scripts.length).toBeGreaterThan(0)
    const firstScript = Math.min(...scripts)
    expect(firstScript).toBeGreaterThanOrEqual(fcp)
    const painted = lcp.filter((entry) => entry.prerendered)
    expect(painted.length).toBeGreaterThan(0)
    expect(Math.min(...painted.map((entry) => entry.at))).toBeLessThanOrEqual(firstScript)
    // The app's chunks were preloaded with its entry, by the start script, not by the HTML.
    expect(preloads).toBeGreaterThan(0)
    await context.close()
  })

  it('sizes a module’s maintainers as the app does, from rules rather than style attributes', async () => {
    const { page, context } = await open('/modules/feature-flags', false)
    // Initials, not pictures: sized by nothing but the component's style.
    const avatars = await page
      .locator('#prerendered .ui-avatar')
      .evaluateAll((els) => els.map((el) => ({ style: el.getAttribute('style'), box: [el.getBoundingClientRect().width, el.getBoundingClientRect().height] })))
    expect(avatars.length).toBeGreaterThan(0)
    for (const { style, box } of avatars) {
      expect(style).toBeNull()
      expect(box[0]).toBeGreaterThan(20)
      expect(box[0]).toBe(box[1])
    }
    await context.close()
  })
})

describe('the module directory without JavaScript', () => {
  it('lists its first 60 modules with their counts, in the order the app shows them', async () => {
    const bare = await open('/modules', false)
    const drawn = await bare.page.locator('main [aria-label="Modules"] h3').allTextContents()
    expect(drawn).toHaveLength(60)
    expect(await bare.page.locator('main .modules-summary h2').textContent()).toMatch(/^\d+ modules$/)
    const counts = await bare.page.locator('main .ui-chip-count').allTextContents()
    expect(counts.length).toBeGreaterThan(1)
    expect(counts.map(Number).every((count) => count > 0)).toBe(true)
    await bare.context.close()

    const { page, context } = await open('/modules', true)
    await page.waitForFunction(() => !document.getElementById('prerendered') && document.querySelector('#root main [aria-label="Modules"]'))
    expect(await page.locator('main [aria-label="Modules"] h3').allTextContents()).toEqual(drawn)
    await context.close()
  })
})
