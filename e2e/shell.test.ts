import type { Browser } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'

import { launchBrowser } from './browser'

const base = inject('baseURL')
let browser: Browser | undefined
afterEach(async () => {
  await browser?.close()
  browser = undefined
})

describe('the app shell', () => {
  it('keeps the colour mode across reloads, with the matching theme-color and no flash', async () => {
    browser = await launchBrowser()
    const page = await (await browser.newContext({ colorScheme: 'light' })).newPage()
    await page.goto(`${base}/docs/4.x/getting-started/installation`)
    const mode = () => page.evaluate(() => [document.documentElement.classList.contains('dark'), document.querySelector('meta[name="theme-color"]')?.getAttribute('content')])
    expect(await mode()).toEqual([false, '#ffffff'])
    const toggle = page.getByRole('button', { name: 'Dark mode' })
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    await toggle.click()
    expect(await mode()).toEqual([true, '#020420'])

    // The boot script applies the mode before any app code: check it at the first paint.
    await page.reload({ waitUntil: 'commit' })
    await page.waitForSelector('head meta[name="theme-color"]', { state: 'attached' })
    expect(await mode()).toEqual([true, '#020420'])
    await expect.poll(() => page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('opens, walks and closes the header menus with the keyboard alone', async () => {
    browser = await launchBrowser()
    const page = await browser.newPage()
    await page.goto(`${base}/docs/4.x/getting-started/installation`)
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Installation')
    const integrations = page.getByRole('button', { name: 'Integrations' })
    await integrations.focus()
    await page.keyboard.press('Enter')
    expect(await integrations.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Modules')
    await page.keyboard.press('Escape')
    expect(await integrations.getAttribute('aria-expanded')).toBe('false')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Integrations')

    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/modules')
    // The menu closes on the route change.
    await expect.poll(() => integrations.getAttribute('aria-expanded')).toBe('false')
  })
})
