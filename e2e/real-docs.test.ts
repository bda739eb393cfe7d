import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import siteConfig from '../site.config'
import { uiString } from '../src/contract/locales'
import { seriousViolations } from '../testing/axe'
import { appReady } from '../testing/browser'
import { buildApp, buildContentInto, buildPrerenderer, serveDist } from '../testing/build-site'
import { useBrowser } from '../testing/public-routes'
import { realDocsMissing, type RealTree, realTrees } from '../testing/real-docs'

const root = resolve(import.meta.dirname, '..')
const browser = useBrowser({ beforeAll, afterAll })

/**
 * The real docs trees (testing/real-docs.ts) as a team ships them: the app built once,
 * then each tree as the 4.x docs (`DOCS_V4_DIR=…`), prerendered, served by the real
 * server, read in Chromium.
 */
describe.skipIf(Boolean(realDocsMissing))(`real docs trees in the browser (${realDocsMissing ?? 'from testing/real-docs.ts'})`, () => {
  const sites = new Map<RealTree, { url: string; close: () => void }>()
  let work = ''

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'real-docs-e2e-'))
    await buildApp(join(work, 'app'))
    // The global setup built the site, its prerendering bundle with it.
    const prerender = join(root, '.cache/prerender/prerender.js')
    for (const tree of Object.keys(realTrees) as RealTree[]) {
      const dist = join(work, tree)
      const docs = { DOCS_V4_DIR: realTrees[tree] }
      if (tree === 'vitepress') {
        // Its locales are the site's (`DOCS_V4_DIR=… npm run build`): the app and its prerender are built knowing them.
        await buildApp(dist, { env: docs })
        await buildContentInto(dist, root, { prerender: await buildPrerenderer('real-docs-vitepress', { env: docs }), docs })
      } else {
        await cp(join(work, 'app'), dist, { recursive: true })
        await buildContentInto(dist, root, { prerender, docs })
      }
      sites.set(tree, await serveDist(dist))
    }
  }, 900_000)

  afterAll(async () => {
    for (const site of sites.values()) site.close()
    if (work) await rm(work, { recursive: true, force: true })
  })

  async function open(tree: RealTree, path: string) {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(String(error)))
    page.on('console', (message) => (message.type() === 'error' ? errors.push(message.text()) : undefined))
    const response = await page.goto(`${sites.get(tree)?.url ?? ''}${path}`)
    expect(response?.status()).toBe(200)
    await appReady(page)
    return { page, errors, close: () => context.close() }
  }

  /** The sidebar's sections, above the tree of the one being read. */
  const sidebarGroups = (page: Page) => page.getByRole('navigation', { name: 'Documentation' }).locator('.nav-sections > li').allTextContents()
  /** The lines of a page's text outside code that match `pattern` (source syntax shown as text). */
  const linesShowing = async (page: Page, pattern: RegExp) => (await bodyText(page)).split('\n').filter((line) => pattern.test(line))
  /** The page's text outside code, once every part of it is drawn (a long body is drawn in parts). */
  const bodyText = (page: Page) =>
    page.locator('main [data-body][data-complete="true"]').evaluate((body) => {
      const copy = body.cloneNode(true) as HTMLElement
      for (const code of copy.querySelectorAll('pre, code')) code.remove()
      return copy.innerText || copy.textContent || ''
    })

  it("shows Nuxt Content's docs as nuxt.com does: its sidebar, callouts, code groups, ids, and its own components framed", async () => {
    const { page, errors, close } = await open('nuxtContent', '/docs/4.x/getting-started/installation')
    expect(await page.locator('main h1').textContent()).toBe('Installation')
    expect((await sidebarGroups(page)).map((group) => group.trim())).toEqual([
      'Getting Started',
      'Collections',
      'Files',
      'Query Utils',
      'Components',
      'Deploy',
      'Integrations',
      'Advanced',
    ])
    // Below them, the tree of the section being read only, as nuxt.com shows it.
    expect(
      await page
        .getByRole('navigation', { name: 'Documentation' })
        .getByRole('list', { name: 'Getting Started' })
        .getByRole('link', { name: 'Installation' })
        .getAttribute('aria-current'),
    ).toBe('page')
    // `::note{color="warning"}` is a warning; `::code-group` is keyboard-operable tabs.
    expect(await page.locator('main [role="note"].callout-warning').count()).toBeGreaterThan(0)
    const tabs = page.getByRole('tablist', { name: 'Code examples' }).first().getByRole('tab')
    expect(await tabs.allTextContents()).toEqual(['pnpm', 'yarn', 'npm', 'bun'])
    expect(await linesShowing(page, /^::|:br\b|:hr\b/)).toEqual([])

    await page.goto(`${sites.get('nuxtContent')?.url ?? ''}/docs/4.x/files/markdown`)
    await appReady(page)
    // A component of nuxt.com's own app, not in the tree: its content in a frame named after it.
    await page.getByRole('tab', { name: 'Preview' }).first().click()
    await expect.poll(() => page.getByRole('figure', { name: 'example-card' }).count()).toBe(1)
    expect(await linesShowing(page, /^::|\{\{|<!--/)).toEqual([])

    await page.goto(`${sites.get('nuxtContent')?.url ?? ''}/docs/4.x/getting-started/configuration#pathmetaforceleadingslash`)
    await appReady(page)
    expect(await page.locator('#pathmetaforceleadingslash').textContent()).toContain('pathMeta.forceLeadingSlash')
    expect(errors).toEqual([])
    await close()
  })

  it("shows VitePress's docs as vitepress.dev does: its home, its config's sidebar, containers, code groups, snippets and VitePress's ids", async () => {
    const { page, errors, close } = await open('vitepress', '/docs/4.x')
    expect(await page.locator('main h1').textContent()).toBe('VitePress')
    expect(await page.getByRole('link', { name: 'What is VitePress?' }).first().getAttribute('href')).toBe('/docs/4.x/guide/what-is-vitepress')

    await page.goto(`${sites.get('vitepress')?.url ?? ''}/docs/4.x/guide/getting-started`)
    await appReady(page)
    expect(await page.locator('main h1').textContent()).toBe('Getting Started')
    expect((await sidebarGroups(page)).map((group) => group.trim())).toEqual(['Guide', 'Reference'])
    // VitePress's sidebar for /guide/: the guide's groups, not the reference's.
    expect(await page.getByRole('navigation', { name: 'Documentation' }).getByRole('list', { name: 'Guide' }).count()).toBe(1)
    expect(await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'Site Config' }).count()).toBe(0)
    expect(await page.locator('main [role="note"]').count()).toBeGreaterThan(0)
    expect(await page.getByRole('tablist', { name: 'Code examples' }).first().getByRole('tab').allTextContents()).toEqual(['npm', 'pnpm', 'yarn', 'bun', 'deno'])
    expect(await linesShowing(page, /^:::|<<<|\{\{|\[!code/)).toEqual([])

    // VitePress's slug rule: `### Vite, Vue & Markdown Config` is `#vite-vue-markdown-config`.
    await page.goto(`${sites.get('vitepress')?.url ?? ''}/docs/4.x/reference/site-config#vite-vue-markdown-config`)
    await appReady(page)
    expect(await page.locator('#vite-vue-markdown-config').textContent()).toContain('Vite, Vue & Markdown Config')

    // A snippet imported with `<<< @/snippets/…` shows as code; the tree's own image loads from its public/.
    await page.goto(`${sites.get('vitepress')?.url ?? ''}/docs/4.x/reference/default-theme-search`)
    await appReady(page)
    const image = page.locator('main img[src="/search.png"]')
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    expect(errors).toEqual([])
    await close()
  })

  describe("VitePress's docs in its eight languages", () => {
    const url = (path: string) => `${sites.get('vitepress')?.url ?? ''}${path}`
    const language = (page: Page) => page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`)

    it('switches to the same page in Chinese, and to the nearest Spanish page from one Spanish lacks', async () => {
      const { page, errors, close } = await open('vitepress', '/docs/4.x/guide/routing')
      const switcher = page.getByRole('combobox', { name: 'Language' })
      expect(await switcher.locator('option').allTextContents()).toEqual(['English', 'Español', '简体中文', 'Português', 'Русский', '한국어', 'فارسی', '日本語'])
      await switcher.selectOption('zh')
      await expect.poll(() => new URL(page.url()).pathname).toBe('/zh/docs/4.x/guide/routing')
      await expect.poll(() => page.locator('main h1').textContent()).toBe('路由')
      expect(await language(page)).toBe('zh-Hans ltr')
      // Its sidebar and its words are the Chinese config's (zh/config.ts).
      expect(await page.getByRole('navigation', { name: '页面导航' }).count()).toBe(1)

      await page.goto(url('/docs/4.x/guide/migration-from-vuepress'))
      await appReady(page)
      await page.getByRole('combobox', { name: 'Language' }).selectOption('es')
      await expect.poll(() => new URL(page.url()).pathname).not.toBe('/docs/4.x/guide/migration-from-vuepress')
      expect(new URL(page.url()).pathname).toMatch(/^\/es\/docs\/4\.x/)
      // In the words site.config.ts gives its Spanish locale (VitePress's theme has none for it).
      await expect.poll(() => page.getByText(uiString(siteConfig, 'es', 'notTranslated')).isVisible()).toBe(true)
      expect(await language(page)).toBe('es ltr')
      expect(errors).toEqual([])
      await close()
    })

    it('reads a Persian page right to left, its sidebar and contents mirrored, its code left to right, with no axe violation', async () => {
      const { page, errors, close } = await open('vitepress', '/fa/docs/4.x/guide/getting-started')
      expect(await language(page)).toBe('fa-IR rtl')
      const box = async (selector: string) => (await page.locator(selector).first().boundingBox()) ?? { x: NaN, width: NaN }
      const [sidebar, main, toc] = await Promise.all([box('.docs-sidebar'), box('.docs-main'), box('.docs-aside')])
      expect(sidebar.x).toBeGreaterThan(main.x + main.width - 1)
      expect(toc.x + toc.width).toBeLessThan(main.x + 1)
      expect(
        await page
          .locator('.code-block')
          .first()
          .evaluate((el) => getComputedStyle(el).direction),
      ).toBe('ltr')
      // The previous and next links speak Persian (docFooter in fa/config.ts).
      expect(await page.locator('main').textContent()).toMatch(/بعدی|قبلی/)
      expect(await seriousViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await close()
    })

    it.each([
      ['/zh/docs/4.x/guide/getting-started', '路由', '/zh/docs/4.x/guide/routing'],
      ['/ru/docs/4.x/guide/getting-started', 'маршрутизация', '/ru/docs/4.x/guide/routing'],
    ])('searches the language of %s: %s finds its page', async (path, query, found) => {
      const { page, errors, close } = await open('vitepress', path)
      await page.keyboard.press('Control+k')
      await page.keyboard.type(query)
      const first = page.getByRole('listbox').getByRole('option').first()
      await expect.poll(() => first.textContent()).toMatch(new RegExp(query, 'i'))
      await page.keyboard.press('Enter')
      await expect.poll(() => new URL(page.url()).pathname).toBe(found)
      expect(errors).toEqual([])
      await close()
    })
  })
})
