import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { launchBrowser } from '../testing/browser'
import { type DevServer, startDevServer } from '../testing/dev-server'

/**
 * `npm run dev` as a developer uses it: the Vite dev server in a process of its own,
 * its 4.x docs read from a copy of the demo's tree through DOCS_V4_DIR, a page open in
 * Chromium while the Markdown under it is edited, broken, mended, added, renamed and
 * removed. Each change must show in the open page without touching the server.
 */
const root = resolve(import.meta.dirname, '..')
let docs: string
let dev: DevServer
let base: string
let browser: Browser

beforeAll(async () => {
  docs = await mkdtemp(join(tmpdir(), 'fjord-dev-docs-'))
  await cp(join(root, 'content/docs/4.x'), docs, { recursive: true })
  // As `npm run dev` runs, with HOST and PORT set as a developer sets them (`PORT=4803 npm run dev`).
  dev = await startDevServer(docs)
  base = dev.url
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await dev?.stop()
  await rm(docs, { recursive: true, force: true })
})

const file = (path: string) => join(docs, path)
/** Saves in place, as VS Code does. */
const edit = async (path: string, change: (text: string) => string) => writeFile(file(path), change(await readFile(file(path), 'utf8')))
/** Saves as vim, JetBrains IDEs and `sed -i` do: a new file written beside the page, renamed over it. */
async function editByRename(path: string, change: (text: string) => string) {
  const saving = join(dirname(file(path)), `.${basename(path)}.saving`)
  await writeFile(saving, change(await readFile(file(path), 'utf8')))
  await rename(saving, file(path))
}

/** The page's main text, read again and again until `expected` is in it (each rebuild reloads the page). */
async function waitForText(page: Page, expected: string) {
  await page.waitForFunction((text) => document.querySelector('#root main')?.textContent?.includes(text), expected, { timeout: 60_000, polling: 100 })
}

/** Opens `path` until its heading is `title`: a page added or renamed exists once the rebuild its save started has ended. */
async function openWhenBuilt(page: Page, path: string, title: string) {
  await expect
    .poll(
      async () => {
        await page.goto(base + path)
        return page
          .locator('#root h1')
          .first()
          .textContent({ timeout: 5000 })
          .catch(() => '')
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(title)
}

/** The text of Vite's error overlay, or '' when none is shown. */
const overlayText = (page: Page) => page.evaluate(() => document.querySelector('vite-error-overlay')?.shadowRoot?.querySelector('.window')?.textContent ?? '')

describe('npm run dev', () => {
  it('shows an edited page in the open browser, a broken one as an overlay naming file and line, and the next edit after it', async () => {
    const page = await browser.newPage()
    try {
      await openWhenBuilt(page, '/docs/4.x/getting-started/routing', 'Routing')
      // The start prints what a developer acts on, not Vite's notes about the config's imports.
      expect(dev.output()).not.toContain('without a file extension')

      // Icons and the star count come from the product API, served in dev as in production.
      await page.waitForFunction(() => document.querySelector('nav[aria-label="Documentation"] svg[data-icon]'), undefined, { timeout: 30_000 })
      await expect.poll(() => page.locator('.header-stars').first().textContent()).toMatch(/\d/)

      // A mark on this document: gone if the page reloads.
      await page.evaluate(() => document.documentElement.setAttribute('data-journey', 'not reloaded'))
      // Saved by a rename: Node's recursive fs.watch lost the file after it, and no later save was seen.
      await editByRename('1.getting-started/5.routing.md', (text) => text.replace("Fjord's router is generated", 'Edited by the dev journey, once. The router is generated'))
      await waitForText(page, 'Edited by the dev journey, once.')
      // Taken in place: the app read the new build without a reload.
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-journey')), `the page reloaded; the dev server said:\n${dev.tail()}`).toBe('not reloaded')

      // An unclosed quote in the front matter: the overlay names the file and the line it opens on.
      await edit('1.getting-started/5.routing.md', (text) => text.replace('title: Routing', 'title: "Routing'))
      await expect.poll(() => overlayText(page), { timeout: 60_000 }).toContain('1.getting-started/5.routing.md:2  title: the quoted value opened here is never closed')
      expect(dev.output()).toContain('5.routing.md:2')

      await editByRename('1.getting-started/5.routing.md', (text) =>
        text.replace('title: "Routing', 'title: Routing').replace('Edited by the dev journey, once.', 'Edited by the dev journey, twice.'),
      )
      await waitForText(page, 'Edited by the dev journey, twice.')
      expect(await overlayText(page)).toBe('')
      expect(dev.output()).toContain('content build is good again')

      // The folder's title, from its .navigation.yml, in the sidebar.
      await edit('1.getting-started/.navigation.yml', (text) => text.replace('title: Getting Started', 'title: First Steps'))
      await page.waitForFunction(() => document.querySelector('nav[aria-label="Documentation"]')?.textContent?.includes('First Steps'), undefined, { timeout: 60_000 })
    } finally {
      await page.close()
    }
  }, 240_000)

  it('adds, renames and removes a page', async () => {
    const page = await browser.newPage()
    try {
      await writeFile(file('1.getting-started/11.journey.md'), '---\ntitle: Journey\ndescription: A page the dev journey adds.\n---\n\nAdded while the server runs.\n')
      await openWhenBuilt(page, '/docs/4.x/getting-started/journey', 'Journey')

      await rename(file('1.getting-started/11.journey.md'), file('1.getting-started/11.renamed-journey.md'))
      await openWhenBuilt(page, '/docs/4.x/getting-started/renamed-journey', 'Journey')

      await rm(file('1.getting-started/11.renamed-journey.md'))
      await openWhenBuilt(page, '/docs/4.x/getting-started/renamed-journey', '404')
    } finally {
      await page.close()
    }
  }, 240_000)
})
