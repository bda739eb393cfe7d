import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { budgetsFileSchema, readBuild, routeFiles } from '../scripts/check-budgets'
import { appReady } from '../testing/browser'
import { useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })
const root = resolve(import.meta.dirname, '..')

describe('first-load budgets', () => {
  // The build checks budgets on the files it expects each route to load; this checks the
  // browser really loads every one of them, so no route's figure counts what it never uses.
  it('count only files each kind of route really loads', async () => {
    const budgets = budgetsFileSchema.parse(JSON.parse(await readFile(resolve(root, 'budgets.json'), 'utf8')))
    const { manifest, database } = await readBuild(resolve(root, 'dist'))
    for (const [route, spec] of Object.entries(budgets.routes)) {
      if (spec.example.startsWith('/admin')) continue // behind sign-in: the admin journeys load it
      const context = await browser().newContext()
      const page = await context.newPage()
      const loaded = new Set<string>()
      page.on('request', (request) => loaded.add(new URL(request.url()).pathname.slice(1)))
      await page.goto(base + spec.example)
      await appReady(page)
      const expected = routeFiles(manifest, spec.modules, spec.database ? database : undefined)
      const counted = [...expected.js, ...expected.css, ...expected.wasm]
      // The database starts after the first paint, once the page is idle, which on a busy
      // machine can come after the network has been quiet for a while.
      await expect.poll(() => counted.filter((file) => !loaded.has(file)), { message: `${route}: counted but not loaded`, timeout: 20_000 }).toEqual([])
      await context.close()
    }
  })
})
