import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'

import { appReady, launchBrowser } from '../testing/browser'
import { serveDist } from '../testing/build-site'
import { publicRoutes } from '../testing/public-routes'

/**
 * `npm run screenshots [-- /path ...]`: full-page screenshots of every public route
 * (or the ones named) from the built dist/, at 390 and 1440 px, light and dark, into
 * screenshots/ (not committed). For looking at pages after UI work.
 */
const routes = process.argv.slice(2).filter((a) => a.startsWith('/'))
const targets = routes.length ? routes : publicRoutes
const out = join(process.cwd(), 'screenshots')
await mkdir(out, { recursive: true })

const { url, close } = await serveDist(join(process.cwd(), 'dist'))
const browser = await launchBrowser()
let done = 0
try {
  for (const mode of ['light', 'dark'] as const) {
    for (const width of [390, 1440]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: mode })
      const page = await context.newPage()
      for (const route of targets) {
        await page.goto(url + route)
        await appReady(page)
        // Scroll through once so lazy images below the fold load before the full-page shot.
        await page.evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y)
            await new Promise((r) => setTimeout(r, 50))
          }
          window.scrollTo(0, 0)
        })
        await page.waitForLoadState('networkidle')
        // Blocks below the fold skip painting until they come near the viewport
        // (content-visibility: auto), and a full-page shot does not scroll: draw them all.
        // Through the CSSOM: the site's CSP allows no inline style sheet.
        await page.evaluate(() => {
          for (const element of document.querySelectorAll<HTMLElement>('*')) {
            if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible'
          }
        })
        const name = `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '_')}-${width}-${mode}.png`
        await page.screenshot({ path: join(out, name), fullPage: true })
        done++
        process.stdout.write(`\r${done}/${targets.length * 4} ${name}`.padEnd(80))
      }
      await context.close()
    }
  }
} finally {
  await browser.close()
  close()
}
process.stdout.write(`\nscreenshots in ${out}\n`)
