import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { seriousViolations } from '../testing/axe'
import { appReady } from '../testing/browser'
import { publicRoutes, useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })
// The Spanish docs' first page stands for the translated pages.
const routes = [...publicRoutes, '/es/docs/4.x/getting-started/introduction', '/no/such/page']

// Dark and light on a wide screen, and a phone-sized one: what a small screen hides (a
// button's visible label) must not take its name with it.
describe.each([
  ['light', 1280],
  ['dark', 1280],
  ['light', 390],
] as const)('accessibility in %s mode at %i px', (colorScheme, width) => {
  it.each(routes)('%s has no serious or critical axe violations', async (path) => {
    const context = await browser().newContext({ colorScheme, viewport: { width, height: 900 } })
    const page = await context.newPage()
    await page.goto(base + path)
    await appReady(page)
    await expect.poll(() => page.locator('main h1').count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })
})
