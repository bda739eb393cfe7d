import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { type ApiModule, modulesResponseSchema } from '../src/contract/api-schemas'
import { appReady } from '../testing/browser'
import { useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })
let all: ApiModule[] = []

beforeAll(async () => {
  all = modulesResponseSchema.parse(await (await fetch(`${base}/api/modules`)).json()).modules
})

/** The names of the module cards on screen, in order. */
const cards = (page: Page) => page.getByRole('list', { name: 'Modules' }).getByRole('heading').allTextContents()
const summary = (page: Page) => page.locator('.modules-summary h2').textContent()
const chip = (page: Page, name: string) => page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: new RegExp(`^${name} \\(\\d+\\)$`) })

async function open(path: string, init?: (page: Page) => Promise<unknown>) {
  const page = await browser().newPage({ viewport: { width: 1280, height: 900 } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined))
  await init?.(page)
  await page.goto(base + path)
  await appReady(page)
  await expect.poll(() => summary(page), { timeout: 10_000 }).toMatch(/^\d+ modules?$/)
  // The whole first batch is drawn (the first screenful comes first).
  await page.locator('.modules-results[data-complete="true"][aria-busy="false"]').waitFor()
  return { page, errors }
}

const names = (modules: readonly ApiModule[]) => modules.map((m) => m.name)
const byStat = (key: keyof ApiModule['stats'], sign: 1 | -1) => (a: ApiModule, b: ApiModule) =>
  a.stats[key] < b.stats[key] ? -sign : a.stats[key] > b.stats[key] ? sign : a.name < b.name ? -1 : 1

describe('the module directory', () => {
  it('fits a phone’s width: the categories scroll in their row, the page does not scroll sideways', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`${base}/modules`)
    await appReady(page)
    const widths = await page.evaluate(() => {
      const chips = document.querySelector('.ui-chip-group')
      return { page: document.documentElement.scrollWidth, chips: chips?.scrollWidth ?? 0, row: chips?.clientWidth ?? 0 }
    })
    expect(widths.page).toBe(390)
    expect(widths.chips).toBeGreaterThan(widths.row)
    await page.close()
  })

  it('lists sponsors, then official modules, then the rest by downloads, 60 at a time', async () => {
    // A tall window: the first screenful leaves the end of the list in reach of the scroll watcher.
    const { page, errors } = await open('/modules', (p) => p.setViewportSize({ width: 1440, height: 1200 }))
    expect(all.length).toBeGreaterThanOrEqual(80)
    expect(await summary(page)).toBe(`${all.length} modules`)
    // GET /api/modules answers in the default order too.
    // The first screenful comes with the answer, the rest of the batch right after.
    await expect.poll(() => cards(page)).toEqual(names(all).slice(0, 60))
    // Nothing more comes until the end of the list is near (the first screenful once set it off, batch after batch).
    await page.waitForTimeout(600)
    expect(await cards(page)).toHaveLength(60)
    expect(await page.locator('.ui-load-more-count').textContent()).toBe(`Showing 60 of ${all.length}`)
    await page.getByRole('button', { name: 'Show more modules' }).scrollIntoViewIfNeeded()
    await expect.poll(() => cards(page).then((c) => c.length)).toBe(all.length)
    expect(await cards(page)).toEqual(names(all))
    expect(errors).toEqual([])
    await page.close()
  })

  it('filters by category, clears it when chosen again, and keeps each step in history', async () => {
    const { page } = await open('/modules')
    const payment = all.filter((m) => m.category === 'Payment')
    await chip(page, 'Payment').click()
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('Payment')
    await expect.poll(() => cards(page)).toEqual(names(payment))
    expect(await chip(page, 'Payment').getAttribute('aria-pressed')).toBe('true')
    // Named by its count: "Payment (4)".
    expect(
      await page
        .getByRole('group', { name: 'Categories' })
        .getByRole('button', { name: `Payment (${payment.length})`, exact: true })
        .count(),
    ).toBe(1)

    await chip(page, 'Official').click()
    await expect.poll(() => cards(page)).toEqual(names(all.filter((m) => m.type === 'official')))
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('Official')
    // Back returns to the previous filter.
    await page.goBack()
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('Payment')
    await expect.poll(() => cards(page)).toEqual(names(payment))
    // The chosen category, chosen again, clears the filter.
    await chip(page, 'Payment').click()
    await expect.poll(() => new URL(page.url()).search).toBe('')
    await expect.poll(() => cards(page).then((c) => c.length)).toBe(60)
    await page.close()
  })

  it('searches as you type, literally, and writes the query to the URL in place', async () => {
    const { page } = await open('/modules')
    const entries = await page.evaluate(() => window.history.length)
    const search = page.getByRole('searchbox', { name: 'Search modules' })
    await search.pressSequentially('seo')
    const seo = all.filter((m) => [m.name, m.npm, m.category, m.description, m.repo].some((f) => f.toLowerCase().includes('seo')))
    await expect.poll(() => cards(page)).toEqual(names(seo))
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('seo')
    expect(await page.evaluate(() => window.history.length)).toBe(entries)

    // Filters changed from outside the box are written into it: "Clear filters" empties it, Back brings the query back.
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(() => summary(page)).toBe(`${all.length} modules`)
    expect(await search.inputValue()).toBe('')
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(null)
    await page.goBack()
    await expect.poll(() => cards(page)).toEqual(names(seo))
    expect(await search.inputValue()).toBe('seo')

    for (const special of ['.*([', "%_'", '100%']) {
      await search.fill(special)
      await expect.poll(() => page.getByText('No matching data').count(), { message: special }).toBe(1)
    }
    await search.fill('')
    await expect.poll(() => summary(page)).toBe(`${all.length} modules`)
    await page.close()
  })

  it('sorts by each stat in both orders, and a reload keeps it all', async () => {
    const { page } = await open('/modules')
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('stars')
    await expect.poll(() => new URL(page.url()).searchParams.get('sortBy')).toBe('stars')
    await expect.poll(() => cards(page)).toEqual(names([...all].sort(byStat('stars', -1))).slice(0, 60))
    await page.getByRole('button', { name: /^Descending order/ }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('orderBy')).toBe('asc')
    await expect.poll(() => cards(page)).toEqual(names([...all].sort(byStat('stars', 1))).slice(0, 60))
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('publishedAt')
    await expect.poll(() => cards(page)).toEqual(names([...all].sort(byStat('publishedAt', 1))).slice(0, 60))

    await chip(page, 'UI').click()
    const expected = names(all.filter((m) => m.category === 'UI').sort(byStat('publishedAt', 1)))
    await expect.poll(() => cards(page)).toEqual(expected)
    // The URL follows once the list is drawn: a reload before that would lose the category.
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('UI')
    await page.reload()
    await appReady(page)
    await expect.poll(() => cards(page)).toEqual(expected)
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('publishedAt')
    expect(await chip(page, 'UI').getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByRole('button', { name: /^Ascending order/ }).count()).toBe(1)
    await page.close()
  })

  it('gives the same list without WebAssembly, through the query endpoint', async () => {
    const path = '/modules?q=ui&sortBy=createdAt'
    const { page: withWasm } = await open(path)
    const expected = await cards(withWasm)
    expect(expected.length).toBeGreaterThan(3)
    await withWasm.close()
    const { page, errors } = await open(path, (p) => p.addInitScript(() => Reflect.deleteProperty(globalThis, 'WebAssembly')))
    expect(await page.evaluate(() => typeof WebAssembly)).toBe('undefined')
    await expect.poll(() => cards(page)).toEqual(expected)
    expect(errors).toEqual([])
    await page.close()
  })

  it("opens a module's page from its card, and an unknown module is a 404", async () => {
    const { page } = await open('/modules')
    const first = all[0]
    await page.getByRole('link', { name: first?.name, exact: true }).first().click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/modules/${first?.name}`)
    await expect.poll(() => page.locator('main h1').textContent()).toBe(first?.name)
    expect(await page.locator('.module-command code').textContent()).toBe(`npm install ${first?.npm}`)
    expect(await page.getByRole('complementary', { name: 'Module facts' }).textContent()).toContain('Compatibility')
    // Its README, rendered like the docs (the first module, the official UI library, has one).
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'README' }).count()).toBe(1)
    await expect.poll(() => page.locator('.prose h2', { hasText: 'Setup' }).count()).toBe(1)
    expect(await page.locator('.prose pre').first().textContent()).toContain(`npm install ${first?.npm}`)

    const res = await page.goto(`${base}/modules/no-such-module`)
    expect(res?.status()).toBe(404)
    await appReady(page)
    expect(await page.title()).toBe('Page not found')
    await page.close()
  })
})
