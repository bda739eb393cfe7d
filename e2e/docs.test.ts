import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })

async function open(path: string, options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {}) {
  const context = await browser().newContext({ viewport: options.viewport ?? { width: 1440, height: 900 }, javaScriptEnabled: options.javaScriptEnabled ?? true })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined))
  const response = await page.goto(base + path)
  return { page, context, errors, status: response?.status() }
}

const h1 = (page: Page) => page.locator('main h1').textContent()
const pathname = (page: Page) => new URL(page.url()).pathname
/** The app has started and drawn the page itself (the build-time copy is gone). */
const appReady = (page: Page) => page.waitForFunction(() => !document.getElementById('prerendered') && document.querySelector('#root main h1'))

describe('reading the docs', () => {
  it('opens a deep link: painted from its HTML before any script, then the same page from the app', async () => {
    const bare = await open('/docs/4.x/guide/concepts/rendering', { javaScriptEnabled: false })
    expect(bare.status).toBe(200)
    expect(await h1(bare.page)).toBe('Rendering Modes')
    expect(await bare.page.getByRole('navigation', { name: 'Documentation' }).locator('[aria-current="page"]').getAttribute('href')).toBe('/docs/4.x/guide/concepts/rendering')
    await bare.context.close()

    const { page, context, errors, status } = await open('/docs/4.x/guide/concepts/rendering')
    expect(status).toBe(200)
    await appReady(page)
    expect(await h1(page)).toBe('Rendering Modes')
    expect(await page.locator('h1').count()).toBe(1)
    expect(await page.title()).toBe('Rendering Modes · Fjord')
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toContain('Guide')
    expect(await page.getByText(/^Last updated on \d{1,2} \w+ \d{4}$/).count()).toBe(1)
    expect(await page.getByRole('link', { name: 'Edit this page on GitHub' }).getAttribute('href')).toMatch(
      /^https:\/\/github\.com\/fjordjs\/fjord\/edit\/main\/docs\/2\.guide\/1\.concepts\/1\.rendering\.md$/,
    )
    expect(errors).toEqual([])
    await context.close()
  })

  it('opens a page deep in a long sidebar with its link scrolled into view in the sidebar', async () => {
    const { page, context } = await open('/docs/4.x/api/commands/build', { viewport: { width: 1280, height: 560 } })
    await appReady(page)
    const sidebar = page.locator('aside.docs-sidebar')
    const active = sidebar.locator('[aria-current="page"]')
    await expect.poll(() => active.count()).toBe(1)
    expect(await sidebar.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
    await expect
      .poll(async () => {
        const [box, link] = await Promise.all([sidebar.boundingBox(), active.boundingBox()])
        return Boolean(box && link && link.y >= box.y && link.y + link.height <= box.y + box.height)
      })
      .toBe(true)
    // The page itself was not scrolled to get there.
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await context.close()
  })

  it('reads a long page: its body drawn whole after the first paint, and the heading being read kept in view in the contents', async () => {
    const { page, context, errors } = await open('/docs/4.x/api/advanced/hooks')
    await appReady(page)
    // Reached by the app (not from its HTML), the long body is drawn a part at a time.
    await page.getByRole('navigation', { name: 'Previous and next pages' }).getByRole('link', { name: /^Next/ }).click()
    await expect.poll(() => h1(page)).toBe('Error Reference')
    await page.locator('main [data-body][data-complete="true"]').waitFor()
    expect(await page.locator('main h2#reporting-a-problem').count()).toBe(1)
    const column = page.locator('aside.docs-aside')
    const current = column.getByRole('navigation', { name: 'On this page' }).locator('a[aria-current="true"]')
    // Far down the page, past what the contents column shows at first.
    await page.locator('#fj5004-prerendered-page-returned-an-error').evaluate((heading) => window.scrollTo(0, window.scrollY + heading.getBoundingClientRect().top - 60))
    await expect.poll(() => current.textContent()).toBe('FJ5004: Prerendered page returned an error')
    await expect
      .poll(async () => {
        const [box, link] = await Promise.all([column.boundingBox(), current.boundingBox()])
        return Boolean(box && link && link.y >= box.y && link.y + link.height <= box.y + box.height)
      })
      .toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('moves through the sidebar, the table of contents and previous/next', async () => {
    const { page, context, errors } = await open('/docs/4.x/getting-started/installation')
    await appReady(page)
    const sidebar = page.getByRole('navigation', { name: 'Documentation' })
    await sidebar.getByRole('link', { name: 'Configuration' }).click()
    await expect.poll(() => h1(page)).toBe('Configuration')
    expect(pathname(page)).toBe('/docs/4.x/getting-started/configuration')
    expect(await sidebar.getByRole('link', { name: 'Configuration' }).getAttribute('aria-current')).toBe('page')

    const toc = page.getByRole('navigation', { name: 'On this page' }).last()
    const entries = toc.getByRole('link')
    const last = entries.last()
    const target = (await last.getAttribute('href')) ?? ''
    await last.click()
    await expect.poll(() => new URL(page.url()).hash).toBe(target)
    await expect.poll(() => page.locator(target).evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true)
    await expect.poll(() => last.getAttribute('aria-current')).toBe('true')

    const surround = page.getByRole('navigation', { name: 'Previous and next pages' })
    await surround.getByRole('link', { name: /^Next/ }).click()
    await expect.poll(() => h1(page)).toBe('Views')
    // A new page starts at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await surround.getByRole('link', { name: /^Previous/ }).click()
    await expect.poll(() => h1(page)).toBe('Configuration')

    // The sidebar holds the section being read; the others are links above it.
    expect(await sidebar.getByRole('link', { name: 'Getting Started', exact: true }).getAttribute('aria-current')).toBe('true')
    expect(await sidebar.getByRole('button', { name: 'Key Concepts' }).count()).toBe(0)
    await sidebar.getByRole('link', { name: 'Guide', exact: true }).click()
    await expect.poll(() => h1(page)).toBe('Guide')
    expect(pathname(page)).toBe('/docs/4.x/guide')
    expect(await sidebar.getByRole('link', { name: 'Guide', exact: true }).getAttribute('aria-current')).toBe('page')
    expect(await sidebar.getByRole('list', { name: 'Guide' }).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page')
    expect(await sidebar.getByRole('link', { name: 'Configuration' }).count()).toBe(0)

    // A collapsed folder opens on click, and its chevron turns from pointing right to pointing down.
    const concepts = sidebar.getByRole('button', { name: 'Key Concepts' })
    const chevron = () => concepts.evaluate((button) => getComputedStyle(button, '::after').transform)
    expect(await concepts.getAttribute('aria-expanded')).toBe('false')
    const closed = await chevron()
    await concepts.click()
    expect(await concepts.getAttribute('aria-expanded')).toBe('true')
    await expect.poll(chevron).not.toBe(closed)
    // It is drawn in the button's text colour, so it follows hover, dark mode and forced colours.
    expect(await concepts.evaluate((button) => getComputedStyle(button, '::after').borderRightColor === getComputedStyle(button).color)).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('switches version on the same page when both versions have it, else to the other version’s first page', async () => {
    const { page, context, errors } = await open('/docs/4.x/getting-started/installation')
    await appReady(page)
    await page.getByRole('combobox', { name: /Docs version/ }).selectOption('/docs/3.x')
    await expect.poll(() => pathname(page)).toBe('/docs/3.x/getting-started/installation')
    await expect.poll(() => page.getByRole('combobox', { name: /Docs version/ }).inputValue()).toBe('/docs/3.x')

    await page.goto(`${base}/docs/4.x/api/utils/define-route-guard`)
    await appReady(page)
    await page.getByRole('combobox', { name: /Docs version/ }).selectOption('/docs/3.x')
    await expect.poll(() => pathname(page)).toBe('/docs/3.x/getting-started/introduction')
    await expect.poll(() => h1(page)).toBe('Introduction')
    expect(errors).toEqual([])
    await context.close()
  })

  it('copies a code block, and the page as Markdown', async () => {
    const { page, context } = await open('/docs/4.x/getting-started/installation')
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
    await appReady(page)
    const block = page
      .locator('.code-block')
      .filter({ has: page.locator('.code-filename') })
      .first()
    const code = (await block.locator('pre').textContent()) ?? ''
    expect(code.length).toBeGreaterThan(5)
    await block.hover()
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code)

    await page.getByRole('button', { name: 'Copy page' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# Installation\n\n> Create a new Fjord 4 project/)
    await context.close()
  })

  it("draws the site's own Markdown component (site.config.ts content.components) in the build's HTML and in the app", async () => {
    const rows = (page: Page) => page.locator('figure.browser-support tbody tr').allTextContents()
    const expected = ['Chrome111', 'Edge111', 'Firefox114', 'Safari16.4', 'Safari on iOS16.4']
    const bare = await open('/docs/4.x/getting-started/installation', { javaScriptEnabled: false })
    expect(await rows(bare.page)).toEqual(expected)
    await bare.context.close()
    const { page, context, errors } = await open('/docs/4.x/getting-started/installation')
    await appReady(page)
    expect(await rows(page)).toEqual(expected)
    expect(await page.locator('figure.browser-support figcaption').textContent()).toContain('build.target')
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the fatal 404 for a docs page that does not exist', async () => {
    const { page, context, status } = await open('/docs/4.x/getting-started/no-such-page')
    expect(status).toBe(404)
    await expect.poll(() => page.getByText('Page Not Found: /docs/4.x/getting-started/no-such-page').count()).toBe(1)
    expect(await page.title()).toBe('Page not found')
    await context.close()
  })

  it('reads with the keyboard alone: skip link, Tab to the next page, Enter', async () => {
    const { page, context } = await open('/docs/4.x/getting-started/introduction')
    await appReady(page)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
    // From the content, Tab reaches the page's links and its "Next" link without a mouse.
    let found = false
    for (let i = 0; i < 150 && !found; i++) {
      await page.keyboard.press('Tab')
      found = await page.evaluate(
        () => document.activeElement?.closest('nav[aria-label="Previous and next pages"]') !== null && /^Next/.test(document.activeElement?.textContent ?? ''),
      )
    }
    expect(found).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => h1(page)).toBe('Installation')
    await context.close()
  })

  it('opens the docs tree from a button on a 375 px screen, and closes it on the way to a page', async () => {
    const { page, context } = await open('/docs/4.x/getting-started/introduction', { viewport: { width: 375, height: 740 } })
    await appReady(page)
    expect(await page.getByRole('navigation', { name: 'Documentation', exact: true }).isVisible()).toBe(false)
    const toggle = page.getByRole('button', { name: 'Documentation menu' })
    await toggle.click()
    const dialog = page.getByRole('dialog', { name: 'Documentation' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    await dialog.getByRole('link', { name: 'Routing' }).click()
    await expect.poll(() => h1(page)).toBe('Routing')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    // The table of contents folds above the page on small screens.
    await page.locator('.docs-toc-mobile summary').click()
    expect(await page.locator('.docs-toc-mobile').getByRole('link').count()).toBeGreaterThan(1)
    await context.close()
  })

  it('serves llms.txt, llms-full.txt and each page as Markdown', async () => {
    const llms = await fetch(`${base}/llms.txt`)
    expect(llms.headers.get('content-type')).toContain('text/plain')
    expect(await llms.text()).toContain('- [Installation](https://fjord.dev/raw/docs/4.x/getting-started/installation.md)')
    const raw = await fetch(`${base}/raw/docs/3.x/getting-started/installation.md`)
    expect(raw.headers.get('content-type')).toContain('text/markdown')
    expect(await raw.text()).toMatch(/^# Installation\n/)
    expect((await fetch(`${base}/llms-full.txt`)).status).toBe(200)
  })
})
