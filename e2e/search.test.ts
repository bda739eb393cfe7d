import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { appReady } from './browser'
import { useBrowser } from './public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })

async function open(path: string) {
  const page = await browser().newPage({ viewport: { width: 1440, height: 900 } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined))
  await page.goto(base + path)
  await appReady(page)
  return { page, errors }
}

const results = (page: import('playwright-core').Page) => page.getByRole('listbox').getByRole('option')
const palette = (page: import('playwright-core').Page) => page.getByRole('dialog', { name: 'Search the documentation' })

describe('the search palette', () => {
  it('opens with meta+K, finds sections of the version being read, and goes to one with the keyboard', async () => {
    const { page, errors } = await open('/docs/4.x/getting-started/introduction')
    await page.keyboard.press('Meta+k')
    const input = page.getByRole('combobox', { name: 'Search the documentation' })
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await palette(page).isVisible()).toBe(true)
    expect(await input.getAttribute('placeholder')).toBe('Type a command or search...')
    // With no query: the extra links.
    expect(await results(page).allTextContents()).toEqual(['Team', 'Design Kit', 'Newsletter'])

    // What a reader means, a typo and all: the page first, the matched words marked.
    await page.keyboard.type('navigate programaticaly')
    await expect.poll(() => results(page).first().locator('.search-title').textContent()).toBe('navigateTo')
    expect(await results(page).first().locator('mark').allTextContents()).toContain('navigateTo')
    await page.keyboard.press('Control+a')
    await page.keyboard.press('Backspace')

    await page.keyboard.type('usefetch')
    await expect.poll(() => results(page).count()).toBeGreaterThan(1)
    const texts = await results(page).allTextContents()
    expect(texts.every((t) => t.startsWith('v4') || t.startsWith('Blog'))).toBe(true)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/docs\/4\.x\/api\/composables\/use-fetch$|^\/docs\/4\.x\/getting-started\/data-fetching$/)
    await expect.poll(() => palette(page).count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('keeps to the 3.x pages on a 3.x page, links hosting providers to their page, and says when nothing matches', async () => {
    const { page } = await open('/docs/3.x/getting-started/introduction')
    await page.keyboard.press('Control+k')
    const input = page.getByRole('combobox', { name: 'Search the documentation' })
    await input.fill('middleware')
    await expect.poll(() => results(page).count()).toBeGreaterThan(0)
    expect((await results(page).allTextContents()).every((t) => t.startsWith('v3') || t.startsWith('Blog'))).toBe(true)

    await input.fill('skyhaven')
    await expect.poll(() => results(page).first().textContent()).toMatch(/^Hosting/)
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/deploy/skyhaven')

    await page.keyboard.press('Control+k')
    await page.getByRole('combobox', { name: 'Search the documentation' }).fill('zzqqxxj')
    await expect.poll(() => page.getByText('No matching data').count()).toBe(1)
    await page.keyboard.press('Escape')
    await expect.poll(() => palette(page).count()).toBe(0)
    await page.close()
  })

  it('is there on the error page too', async () => {
    const page = await browser().newPage()
    await page.goto(`${base}/no/such/page`)
    await appReady(page)
    await page.getByRole('button', { name: /Search/ }).click()
    await expect.poll(() => page.getByRole('combobox', { name: 'Search the documentation' }).count()).toBe(1)
    await page.close()
  })
})
