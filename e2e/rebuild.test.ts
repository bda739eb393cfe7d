import { appendFile, cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { appReady } from '../testing/browser'
import { buildContentInto, copySite, serveDist } from '../testing/build-site'
import { useBrowser } from '../testing/public-routes'

const root = resolve(import.meta.dirname, '..')
const browser = useBrowser({ beforeAll, afterAll })

/**
 * `npm run build` while the server runs: the docs are built again into the dist/ the
 * server is answering from. A reader who reloads gets the new page with the policy of
 * its own inline styles (its code colours changed with its code), and a page the new
 * build added answers without a restart.
 */
describe('a rebuild under a running server', () => {
  let work = ''
  let docs = ''
  let dist = ''
  let site: Awaited<ReturnType<typeof serveDist>> | undefined
  // The global setup built the site, its prerendering bundle with it.
  const prerender = join(root, '.cache/prerender/prerender.js')
  const build = () => buildContentInto(dist, root, { prerender, docs: { DOCS_V4_DIR: docs } })

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'rebuild-e2e-'))
    docs = join(work, 'docs')
    dist = join(work, 'dist')
    await cp(join(root, 'content/docs/4.x'), docs, { recursive: true })
    await copySite(join(root, 'dist'), dist)
    await build()
    site = await serveDist(dist)
  }, 300_000)

  afterAll(async () => {
    await site?.close()
    if (work) await rm(work, { recursive: true, force: true })
  })

  it('serves the new build whole: new HTML with its own policy, and the pages it added', async () => {
    const base = site?.url ?? ''
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' })
    const violations: string[] = []
    await context.exposeBinding('reportViolation', (_, text: string) => void violations.push(text))
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`),
      )
    })
    const page = await context.newPage()
    page.on('console', (m) => (/Content Security Policy|Refused to/i.test(m.text()) ? violations.push(m.text()) : undefined))
    const path = '/docs/4.x/getting-started/installation'
    await page.goto(base + path)
    await appReady(page)
    expect(await page.locator('main h1').textContent()).toBe('Installation')

    // The page gains a section with code in another language (new code colours, so a new
    // inline style), and the guide a page; then the content is built again in place.
    await appendFile(join(docs, '1.getting-started/2.installation.md'), '\n## Rebuilt\n\nWritten while the server ran.\n\n```sql\nSELECT title FROM pages WHERE id = 1;\n```\n')
    await writeFile(
      join(docs, '1.getting-started/11.after-rebuild.md'),
      '---\ntitle: After the rebuild\ndescription: A page the second build added.\n---\n\nIt was not there when the server started.\n',
    )
    await build()

    const added = `${base}/docs/4.x/getting-started/after-rebuild`
    await expect.poll(async () => (await page.request.get(added)).status()).toBe(200)
    const response = await page.reload()
    expect(response?.status()).toBe(200)
    await appReady(page)
    await expect.poll(() => page.getByText('Written while the server ran.').count()).toBe(1)
    // The prerendered code colours applied: the new block's first token is not in the block's own colour.
    const token = page.locator('main pre:has-text("SELECT title") span[class^="t"]').first()
    await expect.poll(() => token.count()).toBe(1)
    const colours = await token.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el.closest('pre') ?? el).color])
    expect(colours[0]).not.toBe(colours[1])

    await page.goto(added)
    await appReady(page)
    expect(await page.locator('main h1').textContent()).toBe('After the rebuild')
    expect(violations).toEqual([])
    await context.close()
  }, 300_000)
})
