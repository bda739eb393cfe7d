import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { appReady } from '../testing/browser'
import { publicRoutes, useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })

declare global {
  interface Window {
    __violations?: string[]
  }
}

/**
 * A page that records every Content-Security-Policy violation from the first byte
 * (the listener is installed before any of the page's own scripts) and every console
 * message about one.
 */
async function watchedPage() {
  const context = await browser().newContext({ viewport: { width: 1440, height: 900 } })
  await context.addInitScript(() => {
    window.__violations = []
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations?.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}:${e.lineNumber}`),
    )
  })
  const page = await context.newPage()
  const console: string[] = []
  page.on('console', (m) => (/Content Security Policy|Permissions-Policy|Refused to/i.test(m.text()) ? console.push(m.text()) : undefined))
  const violations = async () => [...(await page.evaluate(() => window.__violations ?? [])), ...console]
  return { context, page, violations }
}

describe('the Content-Security-Policy', () => {
  it('is sent with every page, and nothing on any public route breaks it', async () => {
    const { context, page, violations } = await watchedPage()
    for (const path of [...publicRoutes, '/no/such/page']) {
      const res = await page.goto(base + path)
      expect(res?.headers()['content-security-policy'], path).toMatch(/^script-src 'self' 'wasm-unsafe-eval'/)
      await appReady(page)
      await expect.poll(() => page.locator('main h1').count(), { message: path }).toBe(1)
      expect(await violations(), path).toEqual([])
    }
    await context.close()
  })

  it('lets the app colour code, load the docs database, search and move between pages with no violation', async () => {
    const { context, page, violations } = await watchedPage()
    await page.goto(`${base}/docs/4.x/getting-started/installation`)
    await appReady(page)
    // The code colours come from a constructed stylesheet: a token is not in the text colour.
    const token = page.locator('.prose pre code span[class^="t"]').first()
    await expect.poll(() => token.count()).toBe(1)
    const colours = await token.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el.closest('pre') ?? el).color])
    expect(colours[0]).not.toBe(colours[1])

    // The palette searches the sections (sql.js in its worker, WebAssembly compiled under the policy).
    await page.keyboard.press('Control+k')
    await page.getByRole('combobox', { name: 'Search the documentation' }).fill('routing')
    await expect.poll(() => page.getByRole('listbox').getByRole('option').count()).toBeGreaterThan(0)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('dialog', { name: 'Search the documentation' }).count()).toBe(0)
    await expect.poll(() => page.locator('main h1').count()).toBe(1)

    // A sidebar link: the next page is drawn from the database the app loaded.
    await page.getByRole('navigation', { name: 'Documentation', exact: true }).getByRole('link', { name: 'Configuration' }).first().click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/docs/4.x/getting-started/configuration')
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Configuration')
    expect(await violations()).toEqual([])
    await context.close()
  })
})
