import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser } from 'playwright-core'

import { launchBrowser } from './browser'

const base = inject('baseURL')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Every public route of SPEC point 2, with real seed content behind the parameters. */
const routes = [
  '/', '/team', '/showcase', '/templates', '/blog', '/blog/fjord-4', '/design-kit', '/newsletter', '/deploy', '/deploy/skyhaven',
  '/modules', '/modules/tidal-ui', '/video-courses', '/docs/4.x/getting-started/introduction', '/docs/3.x/getting-started/introduction',
  '/enterprise', '/enterprise/jobs', '/enterprise/support', '/enterprise/sponsors', '/enterprise/agencies', '/enterprise/agencies/tidewater-studio',
]

describe('every route', () => {
  it.each(routes)('%s renders with HTTP 200, its own title and no console errors', async (path) => {
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(String(e)))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    const response = await page.goto(base + path)
    expect(response?.status()).toBe(200)
    await expect.poll(() => page.locator('main h1').count()).toBe(1)
    const title = await page.title()
    expect(title === 'The calm full-stack web framework' || / · Fjord$/.test(title), title).toBe(true)
    expect(title).not.toBe('Page not found')
    expect(errors).toEqual([])
    await page.close()
  })
})
