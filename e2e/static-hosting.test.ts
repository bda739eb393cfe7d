import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { BUILD_REPORT, DRAFTS_MANIFEST, privateDir, VITE_MANIFEST } from '../src/contract/content/build-output'
import { appReady } from '../testing/browser'
import { buildApp, buildContentInto, buildPrerenderer } from '../testing/build-site'
import { useBrowser } from '../testing/public-routes'
import { serveStatic } from '../testing/static-server'

const root = resolve(import.meta.dirname, '..')
const browser = useBrowser({ beforeAll, afterAll })
/** The build is told there is no server, as `SITE_HOSTING=static npm run build` tells it. */
const env = { SITE_HOSTING: 'static' }

/**
 * The demo built for a static host and copied, dist/ alone, to a plain file server
 * (testing/static-server.ts: files, a folder's index.html, 404.html, nothing else). A
 * reader goes through the site as one would: nothing fails, nothing asks for a server.
 */
describe('the demo on a static file host (SITE_HOSTING=static)', () => {
  let work = ''
  let dist = ''
  let host: Awaited<ReturnType<typeof serveStatic>> | undefined

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'static-hosting-e2e-'))
    dist = join(work, 'dist')
    const prerender = await buildPrerenderer('static-hosting', { env })
    await buildApp(dist, { env })
    await buildContentInto(dist, root, { prerender, env })
    host = await serveStatic(dist)
  }, 600_000)

  afterAll(async () => {
    await host?.close()
    if (work) await rm(work, { recursive: true, force: true })
  })

  it('has only public files in dist/: no dot file, draft, build report or Vite manifest; those are beside it', async () => {
    const files = (await readdir(dist, { recursive: true })).map((file) => file.split('\\').join('/'))
    expect(files.length).toBeGreaterThan(100)
    expect(files.filter((file) => file.split('/').some((part) => part.startsWith('.')))).toEqual([])
    expect(files.filter((file) => /build-report|content-warnings|drafts|vite-manifest|csp\.json/.test(file))).toEqual([])
    // The demo's draft post is in no public file name (the preview journeys check contents).
    expect(files.filter((file) => file.includes('roadmap-fjord-5'))).toEqual([])
    for (const file of [BUILD_REPORT, DRAFTS_MANIFEST, VITE_MANIFEST, 'sw.js']) expect(existsSync(join(privateDir(dist), file)), file).toBe(true)
    // What a static site needs instead of a server's answers.
    expect(files).toContain('builds/stats.json')
    expect(files.filter((file) => /^_icons\/(lucide|simple-icons)\.[a-f0-9]{12}\.json$/.test(file))).toHaveLength(2)
  })

  /** A page that records whatever goes wrong: console errors, page errors, failed or refused requests, and any call to a server. */
  async function reader() {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    const problems: string[] = []
    const icons: string[] = []
    page.on('pageerror', (error) => problems.push(`page error: ${String(error)}`))
    page.on('console', (message) => (message.type() === 'error' ? problems.push(`console: ${message.text()}`) : undefined))
    // A request the page itself gave up (a prefetch a navigation overtook) is not a failure of the host.
    page.on('requestfailed', (request) =>
      request.failure()?.errorText === 'net::ERR_ABORTED' ? undefined : problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`),
    )
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname
      if (response.status() >= 400) problems.push(`${response.status()}: ${response.request().method()} ${path}`)
      if (path.startsWith('/_icons/')) icons.push(`${response.status()} ${path}`)
    })
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (request.method() !== 'GET' || path.startsWith('/api/')) problems.push(`asked a server: ${request.method()} ${path}`)
    })
    return { page, problems, icons, close: () => context.close() }
  }

  const visit = async (page: Page, path: string) => {
    const response = await page.goto(`${host?.url ?? ''}${path}`)
    expect(response?.status(), path).toBe(200)
    await appReady(page)
  }

  it('reads home, docs, modules with a filter, search and the blog with nothing failing and no server asked', async () => {
    const { page, problems, icons, close } = await reader()
    await visit(page, '/')
    // The release badge and the stars, from the build's stats file.
    await expect.poll(() => page.getByRole('link', { name: /^Latest release: v\d+\.\d+$/ }).count()).toBe(1)
    await expect.poll(() => page.getByRole('link', { name: /^GitHub stars: [\d.]+k$/ }).count()).toBe(1)
    // No newsletter signup: it needs a server.
    expect(await page.locator('footer .footer-newsletter, footer form').count()).toBe(0)
    expect(await page.locator('footer svg.icon[data-icon="simple-icons:github"]').count()).toBe(1)

    await visit(page, '/docs/4.x/getting-started/installation')
    expect(await page.locator('main h1').textContent()).toBe('Installation')
    await expect.poll(() => page.locator('nav[aria-label="Documentation"] svg.icon').count()).toBeGreaterThan(0)

    await visit(page, '/modules')
    const chip = page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: /^UI \(\d+\)$/ })
    const count = Number(/\((\d+)\)/.exec((await chip.textContent()) ?? '')?.[1] ?? (await chip.getAttribute('aria-label'))?.match(/\((\d+)\)/)?.[1])
    await chip.click()
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('UI')
    await expect.poll(() => page.getByRole('list', { name: 'Modules' }).getByRole('heading').count()).toBe(count)

    // The palette: its entries without the newsletter, then a search over the docs, its icons drawn.
    await page.keyboard.press('Control+k')
    const palette = page.getByRole('dialog', { name: 'Search the documentation' })
    await expect.poll(() => palette.isVisible()).toBe(true)
    const options = palette.getByRole('listbox').getByRole('option')
    await expect.poll(() => options.count()).toBeGreaterThan(0)
    expect((await options.allTextContents()).filter((text) => text.includes('Newsletter'))).toEqual([])
    await page.keyboard.type('installation')
    await expect.poll(() => options.first().textContent()).toContain('Installation')
    await expect.poll(() => palette.locator('svg.icon').count()).toBeGreaterThan(0)
    await page.keyboard.press('Escape')

    await visit(page, '/blog')
    await expect.poll(() => page.locator('main a[href^="/blog/"]').count()).toBeGreaterThan(0)

    // The icons came from the build's files, which the host served as it serves any file.
    expect(icons.length).toBeGreaterThan(0)
    expect(icons.filter((line) => !line.startsWith('200 '))).toEqual([])
    expect(problems).toEqual([])
    await close()
  })

  it('has no newsletter page: the host answers with the site’s own not-found page, and nothing else fails', async () => {
    const { page, problems, close } = await reader()
    const response = await page.goto(`${host?.url ?? ''}/newsletter`)
    expect(response?.status()).toBe(404)
    await expect.poll(() => page.locator('main.error-page h1').textContent()).toBe('404')
    expect(await page.title()).toBe('Page not found')
    // The page's own 404, which Chromium also logs, and nothing else.
    expect(problems.sort()).toEqual(['404: GET /newsletter', 'console: Failed to load resource: the server responded with a status of 404 (Not Found)'])
    await close()
  })
})
