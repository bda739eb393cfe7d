import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium (CHROMIUM_PATH elsewhere). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** The flags this machine needs: headless, no sandbox or GPU, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const

/** Debian's Chromium, headless, with the flags this machine needs; a fresh profile each launch. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] })
}

/**
 * Waits until the app has drawn the page itself. A docs page first shows the build's
 * HTML copy (painted before any script, not yet interactive); the app replaces it.
 */
export function appReady(page: import('playwright-core').Page) {
  return page.waitForFunction(() => !document.getElementById('prerendered') && document.querySelector('#root main'))
}

/**
 * A new page at `url`, wide (1440 × 900), once the app has drawn it, with what it
 * reports going wrong (uncaught errors, console errors) collected as it comes: a journey
 * ends by expecting none.
 */
export async function openReady(browser: Browser, url: string): Promise<{ page: import('playwright-core').Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined))
  await page.goto(url)
  await appReady(page)
  return { page, errors }
}
