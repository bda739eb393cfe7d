import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { appReady } from '../testing/browser'
import { useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })

/** SPEC point 2's fixed documentation paths, and where each must land. */
const fixed: [from: string, lands: RegExp][] = [
  ['/docs', /^\/docs\/4\.x\/getting-started\/introduction$/],
  ['/docs/4.x', /^\/docs\/4\.x\/getting-started\/introduction$/],
  ['/docs/3.x', /^\/docs\/3\.x\/getting-started\/introduction$/],
  ['/docs/getting-started', /^\/docs\/4\.x\/getting-started\//],
  ['/docs/guide/concepts', /^\/docs\/4\.x\/guide\/concepts\//],
  ['/docs/guide/directory-structure', /^\/docs\/4\.x\/guide\/directory-structure(\/|$)/],
  ['/docs/guide/going-further', /^\/docs\/4\.x\/guide\/going-further\//],
  ['/docs/bridge', /^\/docs\/4\.x\/bridge$/],
  ['/docs/migration', /^\/docs\/4\.x\/migration$/],
  ...['components', 'composables', 'utils', 'kit', 'commands', 'advanced'].map((section): [string, RegExp] => [`/docs/api/${section}`, new RegExp(`^/docs/4\\.x/api/${section}/`)]),
  ['/docs/api/configuration', /^\/docs\/4\.x\/api\/configuration$/],
  ['/docs/examples', /^\/docs\/4\.x\/examples$/],
  ['/docs/community', /^\/docs\/4\.x\/community$/],
  ['/docs/recipes', /^\/docs\/4\.x\/guide\/recipes\//],
  ['/docs/best-practices', /^\/docs\/4\.x\/guide\/best-practices\//],
  ['/docs/custom-routing', /^\/docs\/4\.x\/guide\/recipes\/custom-routing$/],
  ['/docs/3.x/custom-routing', /^\/docs\/3\.x\/guide\/recipes\/custom-routing$/],
  ['/support/us', /^\/enterprise\/sponsors$/],
]

describe('redirects', () => {
  it.each(fixed)('%s lands on a real page', async (from, lands) => {
    const page = await browser().newPage()
    const response = await page.goto(base + from)
    expect(response?.status()).toBe(200)
    expect(new URL(page.url()).pathname).toMatch(lands)
    await appReady(page)
    expect(await page.locator('main h1').count()).toBe(1)
    expect(await page.title()).not.toBe('Page not found')
    await page.close()
  })

  it('follows build-manifest redirects inside the app too', async () => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(`${base}/docs/4.x/getting-started/installation`)
    await appReady(page)
    const requests: string[] = []
    page.on('request', (r) => (r.resourceType() === 'document' ? requests.push(r.url()) : undefined))
    const docs = page.getByRole('button', { name: 'Docs' })
    await docs.click()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Guide/ })
      .click()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/docs\/4\.x\/guide(\/|$)/)
    await expect.poll(() => page.locator('main h1').count()).toBe(1)
    expect(requests).toEqual([])
    await page.close()
  })

  it('leaves the site by a full page load for an external target, from the server and from inside the app', async () => {
    const direct = await fetch(`${base}/discord`, { redirect: 'manual' })
    expect(direct.status).toBe(301)
    expect(direct.headers.get('location')).toBe('https://chat.fjord.dev')

    const context = await browser().newContext()
    await context.route('https://chat.fjord.dev/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Fjord Discord</title>' }))
    const page = await context.newPage()
    await page.goto(`${base}/docs/4.x/community`)
    await appReady(page)
    await page.getByRole('link', { name: 'Fjord Discord' }).click()
    await expect.poll(() => page.url()).toBe('https://chat.fjord.dev/')
    expect(await page.title()).toBe('Fjord Discord')
    await context.close()
  })
})
