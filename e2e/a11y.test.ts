import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { appReady } from '../testing/browser'
import { publicRoutes, useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
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
    // Evaluated through the DevTools protocol: an injected <script> would be (rightly) refused by the page's CSP.
    await page.evaluate(axeSource)
    const violations: { id: string; impact: string; help: string; nodes: number }[] = await page.evaluate(async () => {
      const axe = Reflect.get(window, 'axe')
      const result = await axe.run(document, { resultTypes: ['violations'] })
      return result.violations.map((v: { id: string; impact: string; help: string; nodes: unknown[] }) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }))
    })
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
    await context.close()
  })
})
