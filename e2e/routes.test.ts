import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { appReady } from '../testing/browser'
import { publicRoutes, useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })

describe('every route', () => {
  it.each(publicRoutes)('%s renders with HTTP 200, its own title and no console errors', async (path) => {
    const page = await browser().newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(String(e)))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    const response = await page.goto(base + path)
    expect(response?.status()).toBe(200)
    const written = /<title>([^<]*)<\/title>/.exec((await response?.text()) ?? '')?.[1]
    await appReady(page)
    await expect.poll(() => page.locator('main h1').count()).toBe(1)
    const title = await page.title()
    expect(title === 'The calm full-stack web framework' || / · Fjord$/.test(title), title).toBe(true)
    expect(title).not.toBe('Page not found')
    // The title the build wrote is the one the app keeps once started.
    expect(title).toBe(written?.replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&quot;', '"'))
    expect(errors).toEqual([])
    await page.close()
  })
})
