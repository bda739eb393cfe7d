import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

import type { Page } from 'playwright-core'

const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: string
  help: string
  nodes: number
}

/** The serious and critical axe-core violations of the page as it is drawn now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: an injected <script> would be (rightly) refused by the page's CSP.
  await page.evaluate(axeSource)
  const violations: AxeViolation[] = await page.evaluate(async () => {
    const axe = Reflect.get(window, 'axe')
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v: { id: string; impact: string; help: string; nodes: unknown[] }) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }))
  })
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}
