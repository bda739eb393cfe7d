import type { Browser } from 'playwright-core'

import { launchBrowser } from './browser'

/** Every route of SPEC point 2 a guest can open (/admin sends guests to /admin/login), with real seed content behind the parameters. */
export const publicRoutes = [
  '/',
  '/team',
  '/showcase',
  '/templates',
  '/blog',
  '/blog/fjord-4',
  '/design-kit',
  '/newsletter',
  '/deploy',
  '/deploy/skyhaven',
  '/modules',
  '/modules/tidal-ui',
  '/video-courses',
  '/docs/4.x/getting-started/introduction',
  '/docs/3.x/getting-started/introduction',
  '/docs/3.x/guide',
  '/enterprise',
  '/enterprise/jobs',
  '/enterprise/support',
  '/enterprise/sponsors',
  '/enterprise/agencies',
  '/enterprise/agencies/tidewater-studio',
  '/admin/login',
]

/** One browser for a test file, launched before its tests and closed after. */
export function useBrowser(hooks: { beforeAll: (fn: () => Promise<void>) => void; afterAll: (fn: () => Promise<void>) => void }): () => Browser {
  let browser: Browser | undefined
  hooks.beforeAll(async () => {
    browser = await launchBrowser()
  })
  hooks.afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('the browser is not running yet')
    return browser
  }
}
