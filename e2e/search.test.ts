import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { appReady, openReady } from '../testing/browser'
import { useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })

const open = (path: string) => openReady(browser(), base + path)

const results = (page: import('playwright-core').Page) => page.getByRole('listbox').getByRole('option')
const palette = (page: import('playwright-core').Page) => page.getByRole('dialog', { name: 'Search the documentation' })

describe('the search palette', () => {
  it('fetches its code when the reader reaches for it, not with every page', async () => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 } })
    const chunks: string[] = []
    page.on('request', (request) => {
      if (/\/search-palette-[\w-]+\.js$/.test(new URL(request.url()).pathname)) chunks.push(request.url())
    })
    await page.goto(base + '/docs/4.x/getting-started/introduction')
    await appReady(page)
    await page.waitForTimeout(1500)
    expect(chunks).toEqual([])
    // Meta (Ctrl) held down comes a beat before the K.
    await page.keyboard.down('Control')
    await expect.poll(() => chunks.length).toBe(1)
    await page.keyboard.press('k')
    await page.keyboard.up('Control')
    await expect.poll(() => palette(page).isVisible()).toBe(true)
    await page.close()
  })

  it('opens within the key’s own task when meta+K comes the moment the app has drawn the page', async () => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 } })
    // The key is pressed as the app's page replaces the build's copy, before React has run the effects it defers
    // past that paint; whether the dialog is open, with focus in its input, is read before the next task, where
    // the letters typed after the K are delivered.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.getElementById('prerendered') || !document.querySelector('#root main')) return
        observer.disconnect()
        dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }))
        void Promise.resolve().then(() => {
          document.documentElement.dataset.afterK = String(document.activeElement?.matches('dialog[open] input') ?? false)
        })
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(base + '/docs/4.x/getting-started/introduction')
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.afterK)).toBe('true')
    await page.close()
  })

  it('keeps every letter typed right after the key, while the palette’s code is on its way and as it takes over', async () => {
    const { page, errors } = await open('/docs/4.x/getting-started/introduction')
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/_app\/search-palette-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.keyboard.press('Control+k')
    await page.keyboard.type('rou')
    const input = page.getByRole('combobox', { name: 'Search the documentation' })
    expect(await input.inputValue()).toBe('rou')
    release()
    await page.keyboard.type('te middle')
    await expect.poll(() => palette(page).locator('.search-palette[cmdk-root]').count()).toBe(1)
    await page.keyboard.type('ware')
    expect(await input.inputValue()).toBe('route middleware')
    await expect.poll(() => results(page).first().textContent()).toMatch(/^v4/)
    expect(errors).toEqual([])
    await page.close()
  })

  it('opens with meta+K, finds sections of the version being read, and goes to one with the keyboard', async () => {
    const { page, errors } = await open('/docs/4.x/getting-started/introduction')
    await page.keyboard.press('Meta+k')
    const input = page.getByRole('combobox', { name: 'Search the documentation' })
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await palette(page).isVisible()).toBe(true)
    expect(await input.getAttribute('placeholder')).toBe('Type a command or search...')
    // With no query: the extra links, Ask AI first with its disclaimer, then the way in for the reader's own editor (this version has its page).
    await expect
      .poll(() => results(page).allTextContents())
      .toEqual([
        'Ask AIAnswers are AI-generated and may be inaccurate. Check the documentation for anything important.',
        'Use these docs in your editor (MCP)Ask AI answers you here. To let the assistant in your editor read these docs, connect it to the MCP server.',
        'Team',
        'Design Kit',
        'Newsletter',
      ])

    // What a reader means, a typo and all: the page first, the matched words marked.
    await page.keyboard.type('navigate programaticaly')
    await expect.poll(() => results(page).first().locator('.search-title').textContent()).toBe('navigateTo')
    expect(await results(page).first().locator('mark').allTextContents()).toContain('navigateTo')
    await page.keyboard.press('Control+a')
    await page.keyboard.press('Backspace')

    await page.keyboard.type('usefetch')
    await expect.poll(() => results(page).count()).toBeGreaterThan(1)
    const texts = await results(page).allTextContents()
    // Sections of 4.x and the blog, then the offer to ask the AI.
    expect(texts.every((t) => t.startsWith('v4') || t.startsWith('Blog'))).toBe(false)
    expect(texts.slice(0, -1).every((t) => t.startsWith('v4') || t.startsWith('Blog'))).toBe(true)
    expect(texts.at(-1)).toMatch(/^Ask AI: “usefetch”/)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/docs\/4\.x\/api\/composables\/use-fetch$|^\/docs\/4\.x\/getting-started\/data-fetching$/)
    await expect.poll(() => palette(page).count()).toBe(0)

    // The query is remembered: the next opening offers it, and choosing it searches again.
    await page.keyboard.press('Meta+k')
    const recent = page.getByRole('group', { name: 'Recent searches' }).getByRole('option')
    expect(await recent.allTextContents()).toEqual(['usefetch'])
    await recent.first().click()
    expect(await input.inputValue()).toBe('usefetch')

    // A section opens its page scrolled to its heading.
    await input.fill('reading route parameters')
    await expect.poll(() => results(page).first().locator('.search-title').textContent()).toContain('Reading route parameters')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.url()).toMatch(/\/docs\/4\.x\/getting-started\/routing#reading-route-parameters$/)
    await expect.poll(() => page.locator('#reading-route-parameters').evaluate((h) => Math.round(h.getBoundingClientRect().top))).toBeLessThan(200)
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(100)
    expect(errors).toEqual([])
    await page.close()
  })

  it('keeps to the 3.x pages on a 3.x page, links hosting providers to their page, and says when nothing matches', async () => {
    const { page } = await open('/docs/3.x/getting-started/introduction')
    await page.keyboard.press('Control+k')
    const input = page.getByRole('combobox', { name: 'Search the documentation' })
    await input.fill('middleware')
    await expect.poll(() => results(page).count()).toBeGreaterThan(0)
    expect((await results(page).allTextContents()).every((t) => t.startsWith('v3') || t.startsWith('Blog') || t.startsWith('Ask AI'))).toBe(true)

    await input.fill('skyhaven')
    await expect.poll(() => results(page).first().textContent()).toMatch(/^Hosting/)
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/deploy/skyhaven')

    await page.keyboard.press('Control+k')
    await page.getByRole('combobox', { name: 'Search the documentation' }).fill('zzqqxxj')
    await expect.poll(() => page.getByText('No matching data').count()).toBe(1)
    await page.keyboard.press('Escape')
    await expect.poll(() => palette(page).count()).toBe(0)
    await page.close()
  })

  it('says it is loading while the version’s index arrives, never that nothing matches, then shows the results', async () => {
    const { page, errors } = await open('/docs/4.x/getting-started/introduction')
    // Every file of the 4.x index (its head, term shards, text chunks) is held back until released.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const asked: string[] = []
    await page.context().route(/\/__content\/docsv4\/search\//, async (route) => {
      asked.push(new URL(route.request().url()).pathname)
      await held
      await route.continue()
    })
    await page.keyboard.press('Control+k')
    await page.keyboard.type('middleware')
    const input = page.getByRole('combobox', { name: 'Search the documentation' })
    await expect.poll(() => input.inputValue()).toBe('middleware')
    await expect.poll(() => asked.length).toBeGreaterThan(0)
    await expect.poll(() => palette(page).getByText('Loading…').isVisible()).toBe(true)
    // A beat later it still says so: nothing reads as "no results" while the index is on its way.
    await page.waitForTimeout(500)
    expect(await palette(page).getByText('Loading…').isVisible()).toBe(true)
    expect(await palette(page).getByText('No matching data').count()).toBe(0)
    release()
    await expect.poll(() => results(page).first().textContent()).toMatch(/^v4/)
    expect(await palette(page).getByText('Loading…').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows the results before their snippets, each result keeping the line its snippet then fills', async () => {
    const { page, errors } = await open('/docs/4.x/getting-started/introduction')
    // The text chunks (the snippets) are held back; the head and the term shards are not.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.context().route(/\/__content\/docsv4\/search\/c\d+\.json/, async (route) => {
      await held
      await route.continue()
    })
    await page.keyboard.press('Control+k')
    await page.keyboard.type('middleware')
    const first = results(page).first()
    await expect.poll(() => first.textContent()).toMatch(/^v4/)
    const snippet = first.locator('.search-snippet')
    expect(await snippet.textContent()).toBe('')
    const lineHeight = (await snippet.boundingBox())?.height ?? 0
    expect(lineHeight).toBeGreaterThan(8)
    release()
    await expect.poll(() => snippet.textContent()).toMatch(/\w/)
    expect((await snippet.boundingBox())?.height).toBe(lineHeight)
    expect(errors).toEqual([])
    await page.close()
  })

  it('lists every result of a broad query: the first ten drawn with the answer, the rest right after', async () => {
    const { page, errors } = await open('/docs/4.x/getting-started/introduction')
    await page.keyboard.press('Control+k')
    await page.keyboard.type('route')
    await expect
      .poll(() =>
        results(page)
          .filter({ has: page.locator('.search-kind') })
          .count(),
      )
      .toBeGreaterThan(10)
    // The best one is still the one selected once the rest are in.
    expect(await results(page).first().getAttribute('aria-selected')).toBe('true')
    expect(errors).toEqual([])
    await page.close()
  })

  it('asks for the snippets past the first ten only when the reader scrolls to them', async () => {
    const { page, errors } = await open('/docs/4.x/getting-started/introduction')
    await page.keyboard.press('Control+k')
    // As one query (typed, each letter's answer would load the snippets of its own first results).
    await page.keyboard.insertText('route')
    const docs = results(page).filter({ has: page.locator('.search-kind') })
    await expect.poll(() => docs.count()).toBeGreaterThan(10)
    await expect.poll(() => docs.first().locator('.search-snippet').textContent()).toMatch(/\w/)
    // Out of the list's sight, the last docs result's line stays empty however long the reader waits…
    const last = await results(page)
      .filter({ has: page.locator('.search-snippet[data-later]') })
      .last()
      .elementHandle()
    const snippet = () => last?.$eval('.search-snippet', (line) => line.textContent)
    await page.waitForTimeout(1000)
    expect(await snippet()).toBe('')
    // …and fills once it is scrolled to.
    await last?.scrollIntoViewIfNeeded()
    await expect.poll(snippet).toMatch(/\w/)
    expect(errors).toEqual([])
    await page.close()
  })

  it('is there on the error page too', async () => {
    const page = await browser().newPage()
    await page.goto(`${base}/no/such/page`)
    await appReady(page)
    await page.getByRole('button', { name: /Search/ }).click()
    await expect.poll(() => page.getByRole('combobox', { name: 'Search the documentation' }).count()).toBe(1)
    await page.close()
  })

  it('asks the AI widget, loaded only when a reader asks, with the query submitted; a widget that never loads is a console message only', async () => {
    const widget = 'https://ask.fjord.dev/widget.js'
    const { page, errors } = await open('/docs/4.x/getting-started/introduction')
    let requests = 0
    // A local stand-in for the third-party widget: it records what it was opened with.
    await page.route(widget, (route) => {
      requests++
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'setTimeout(() => { window.Kapa = { open(options) { window.__asked = options; document.body.insertAdjacentHTML("beforeend", "<div role=\'dialog\' aria-label=\'Ask AI stand-in\'></div>") } } }, 50)',
      })
    })
    await page.keyboard.press('Control+k')
    await page.getByRole('combobox', { name: 'Search the documentation' }).fill('how do route guards work')
    await expect.poll(() => results(page).filter({ hasText: 'Ask AI: “how do route guards work”' }).count()).toBe(1)
    expect(requests).toBe(0)
    await results(page).filter({ hasText: 'Ask AI:' }).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'Ask AI stand-in' }).count()).toBe(1)
    expect(await page.evaluate(() => (window as unknown as { __asked: unknown }).__asked)).toEqual({ query: 'how do route guards work', submit: true })
    expect(requests).toBe(1)
    expect(errors).toEqual([])
    await page.close()

    // A widget script that defines nothing: after 200 checks 10 ms apart, a console message and nothing else.
    const broken = await open('/docs/4.x/getting-started/introduction')
    const warnings: string[] = []
    broken.page.on('console', (m) => (m.type() === 'warning' ? warnings.push(m.text()) : undefined))
    await broken.page.route(widget, (route) => route.fulfill({ contentType: 'text/javascript', body: '/* nothing */' }))
    await broken.page.keyboard.press('Control+k')
    await results(broken.page)
      .filter({ hasText: /^Ask AI/ })
      .click()
    await expect.poll(() => warnings.some((w) => w.includes('The Ask AI widget did not load')), { timeout: 10_000 }).toBe(true)
    expect(await broken.page.getByRole('alert').count()).toBe(0)
    expect(broken.errors).toEqual([])
    await broken.page.close()
  })
})
