import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium, headless, with the flags this machine needs; a fresh profile each launch. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  })
}

/**
 * Waits until the app has drawn the page itself. A docs page first shows the build's
 * HTML copy (painted before any script, not yet interactive); the app replaces it.
 */
export function appReady(page: import('playwright-core').Page) {
  return page.waitForFunction(() => !document.getElementById('prerendered') && document.querySelector('#root main'))
}
