import type { Browser } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'

import { appReady, launchBrowser } from '../testing/browser'

const base = inject('baseURL')
let browser: Browser | undefined
afterEach(async () => {
  await browser?.close()
  browser = undefined
})

describe('the app shell', () => {
  it('keeps the colour mode across reloads, with the matching theme-color and no flash', async () => {
    browser = await launchBrowser()
    const page = await (await browser.newContext({ colorScheme: 'light' })).newPage()
    await page.goto(`${base}/docs/4.x/getting-started/installation`)
    await appReady(page)
    // theme-color is the page's background in each mode, as the theme derives it; both read as rgb().
    const mode = () =>
      page.evaluate(() => {
        const rgb = (color: string) => {
          const probe = document.createElement('i')
          probe.style.color = color
          document.documentElement.append(probe)
          const value = getComputedStyle(probe).color
          probe.remove()
          return value
        }
        const meta = document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? ''
        return { dark: document.documentElement.classList.contains('dark'), themeColor: rgb(meta), background: rgb('var(--bg)') }
      })
    expect(await mode()).toEqual({ dark: false, themeColor: 'rgb(255, 255, 255)', background: 'rgb(255, 255, 255)' })
    const toggle = page.getByRole('button', { name: 'Dark mode' })
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    await toggle.click()
    const dark = await mode()
    expect(dark).toMatchObject({ dark: true, themeColor: dark.background })
    expect(dark.background).not.toBe('rgb(255, 255, 255)')

    // The boot script applies the mode before any app code: check it at the first paint.
    await page.reload({ waitUntil: 'commit' })
    await page.waitForSelector('head meta[name="theme-color"]', { state: 'attached' })
    expect((await mode()).themeColor).toBe(dark.background)
    expect((await mode()).dark).toBe(true)
    await expect.poll(() => page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('opens, walks and closes the header menus with the keyboard alone', async () => {
    browser = await launchBrowser()
    const page = await browser.newPage()
    await page.goto(`${base}/docs/4.x/getting-started/installation`)
    await appReady(page)
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Installation')
    const integrations = page.getByRole('button', { name: 'Integrations' })
    await integrations.focus()
    await page.keyboard.press('Enter')
    expect(await integrations.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Modules/)
    await page.keyboard.press('Escape')
    expect(await integrations.getAttribute('aria-expanded')).toBe('false')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Integrations')

    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/modules')
    // The menu closes on the route change.
    await expect.poll(() => integrations.getAttribute('aria-expanded')).toBe('false')
  })
})

describe('the header from a tablet to a desktop', () => {
  it('keeps every item on screen and none over another, on the home page and on a docs page with its version selector', async () => {
    browser = await launchBrowser()
    const page = await browser.newPage()
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 })
      for (const path of ['/', '/docs/4.x/getting-started/installation']) {
        await page.goto(base + path)
        await appReady(page)
        // Each visible item of the header's three parts, as a box.
        const boxes = await page.evaluate(() =>
          [...document.querySelectorAll('.header-left > *, .header-nav .nav-item, .header-right > *')]
            .map((el) => ({ name: el.textContent?.trim().slice(0, 20) || el.className, box: el.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0 && box.height > 0)
            .map(({ name, box }) => ({ name, left: box.left, right: box.right })),
        )
        const where = `${path} at ${width} px`
        for (const item of boxes) expect(item.right, `${item.name} on ${where}`).toBeLessThanOrEqual(width)
        const ordered = [...boxes].sort((a, b) => a.left - b.left)
        for (let i = 1; i < ordered.length; i++) {
          const [before, after] = [ordered[i - 1], ordered[i]]
          expect(after?.left, `${after?.name} over ${before?.name} on ${where}`).toBeGreaterThanOrEqual(before?.right ?? 0)
        }
      }
    }
  })
})

describe('the app shell on a 375 px screen', () => {
  it('opens the menu in a modal, moves focus into it, closes with Escape, and closes on a route change', async () => {
    browser = await launchBrowser()
    const page = await browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
    await page.goto(`${base}/docs/4.x/getting-started/installation`)
    await appReady(page)
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Installation')
    // The desktop navigation is hidden; the toggle is the way in.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false)
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await toggle.click()
    const dialog = page.getByRole('dialog', { name: 'Menu' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true)
    const box = await dialog.locator('.overlay-panel').boundingBox()
    expect(box && box.width <= 375).toBe(true)

    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')

    await toggle.click()
    await dialog.getByRole('link', { name: /^Modules/ }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/modules')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
  })
})

describe('header extras', () => {
  it("shows the release badge and stars, and copies the logo as SVG from the logo's context menu", async () => {
    browser = await launchBrowser()
    // Wide enough for the stars beside the language selector (narrower, it takes their place).
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
    const page = await context.newPage()
    await page.goto(`${base}/`)
    await expect.poll(() => page.getByRole('link', { name: /^Latest release: v\d+\.\d+$/ }).count()).toBe(1)
    await expect.poll(() => page.getByRole('link', { name: /^GitHub stars: [\d.]+k$/ }).count()).toBe(1)

    await page.getByRole('link', { name: 'Fjord home' }).click({ button: 'right' })
    await page.getByRole('menuitem', { name: 'Copy logo as SVG' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Logo copied as SVG' }).count()).toBe(1)
  })

  it('keeps what a reader typed into the page before the app took over', async () => {
    browser = await launchBrowser()
    const page = await browser.newPage()
    // The app's entry held back: the reader types into the build's copy of the page.
    let release = () => {}
    const held = new Promise<void>((done) => (release = done))
    await page.route(/\/_app\/index-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${base}/blog`)
    const copy = page.locator('#prerendered').getByRole('textbox', { name: 'Email' })
    await copy.fill('reader@example.com')
    await copy.focus()
    release()
    await appReady(page)
    const email = page.getByRole('textbox', { name: 'Email' })
    expect(await email.inputValue()).toBe('reader@example.com')
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Subscription pending' }).count()).toBe(1)
  })

  it('signs up for the newsletter from the footer', async () => {
    browser = await launchBrowser()
    const page = await browser.newPage()
    await page.goto(`${base}/blog`)
    await appReady(page)
    const email = page.getByRole('textbox', { name: 'Email' })
    await email.fill('nope')
    await email.blur()
    await expect.poll(() => page.getByText('Please enter a valid email').count()).toBe(1)
    await email.fill('reader@example.com')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Subscription pending' }).count()).toBe(1)
    expect(await email.inputValue()).toBe('')
  })
})
