import { readFile, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'

import { serve } from '@hono/node-server'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createApp } from '../server/app'
import { loadSite } from '../server/site'
import siteConfig from '../site.config'
import { defineSiteConfig, type SiteConfig } from '../src/contract/site-schema'
import { appReady, launchBrowser } from '../testing/browser'
import { buildApp } from '../testing/build-site'
import { buildFixture, createFixture, type Fixture, md } from '../testing/fixture-site'

/**
 * A team's site with sections switched off in its config, built (the app with that
 * config, then the content) and served by the real server: what it answers, and what
 * its header, footer, palette, home page and sitemap show.
 */

const root = resolve(import.meta.dirname, '..')
/** A port of this journey's own (4900-4919). */
const PORT = 4903
const base = `http://127.0.0.1:${PORT}`

/** The demo's config with the blog, video courses, newsletter, Ask AI, admin and jobs off, and only the first docs version. */
const config: SiteConfig = defineSiteConfig({
  ...siteConfig,
  docs: { ...siteConfig.docs, versions: siteConfig.docs.versions.slice(0, 1) },
  // The demo's redirects lead into its docs, which this site does not have.
  redirects: {},
  sections: { blog: false, videoCourses: false, newsletter: false, askAi: false, admin: false, enterprise: { jobs: false } },
})

const offPaths = ['/video-courses', '/blog', '/blog/fjord-4', '/blog/rss.xml', '/newsletter', '/enterprise/jobs', '/admin', '/admin/login', '/admin/subscribers']
const onPaths = ['/', '/templates', '/showcase', '/team', '/design-kit', '/enterprise', '/enterprise/support', '/enterprise/sponsors', '/docs/4.x/getting-started/intro']

let fixture: Fixture
let browser: Browser
let close: () => void = () => {}

beforeAll(async () => {
  fixture = await createFixture({
    'content/index/index.md': md({
      title: 'Acme',
      description: 'The Acme framework.',
      hero: {
        title: 'Build with Acme',
        links: [
          { label: 'Watch the courses', to: '/video-courses' },
          { label: 'Pick a template', to: '/templates' },
        ],
      },
    }),
    'content/index/newsletter.md': md({ title: 'Newsletter', description: 'Monthly.' }),
    'content/docs/4.x/1.getting-started/1.intro.md': md({ title: 'Intro', description: 'Start here.' }, 'Welcome.\n'),
    'content/landing/enterprise/jobs.yml': 'title: Jobs\ndescription: Work with Acme.\n',
    'content/landing/showcase.yml': 'title: Showcase\ndescription: Sites built with Acme.\n',
    'content/landing/enterprise.yml': 'title: Enterprise\ndescription: Acme for teams.\n',
  })
  // A switched-off section needs no folder.
  for (const dir of ['content/video-courses', 'content/blog', 'content/docs/3.x']) await rm(join(fixture.root, dir), { recursive: true })
  const dist = join(fixture.root, 'dist')
  await buildApp(dist, { siteConfig: config })
  await buildFixture(fixture, dist, { config, brokenLinks: 'warn' })
  const app = createApp({ site: await loadSite(dist), config, api: { dataDir: join(fixture.root, 'data') }, settings: { publicUrl: new URL(base) } })
  await new Promise<void>((done, fail) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: PORT }, () => done())
    server.once('error', fail)
    close = () => server.close()
  })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  close()
  await rm(join(root, '.cache', 'sections-e2e', String(process.pid)), { recursive: true, force: true })
  await fixture?.cleanup()
})

async function open(path: string): Promise<{ page: Page; status: number | undefined }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  const response = await page.goto(base + path)
  return { page, status: response?.status() }
}

describe('a site with sections switched off', () => {
  it('answers 404 with the not-found page for their paths and their API, 200 for the sections left on', async () => {
    for (const path of offPaths) {
      const response = await fetch(base + path, { redirect: 'manual' })
      expect(response.status, path).toBe(404)
    }
    for (const path of onPaths) expect((await fetch(base + path, { redirect: 'manual' })).status, path).toBe(200)
    // A docs version that is no longer listed: its paths lead nowhere.
    expect((await fetch(`${base}/docs/3.x/getting-started`)).status).toBe(404)
    const subscribe = await fetch(`${base}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: '{"email":"a@example.com"}',
    })
    expect(subscribe.status).toBe(404)
    expect((await fetch(`${base}/api/_auth/session`)).status).toBe(404)
  })

  it('has no collection, dump or sitemap entry for them', async () => {
    const manifest: unknown = await (await fetch(`${base}/__content/manifest.json`)).json()
    const collections = typeof manifest === 'object' && manifest !== null && 'collections' in manifest ? Object.keys(Object(manifest.collections)) : []
    expect(collections).toEqual(expect.arrayContaining(['docsv4', 'landing', 'templates', 'showcase']))
    for (const gone of ['blog', 'videoCourses', 'docsv3']) expect(collections).not.toContain(gone)
    expect((await fetch(`${base}/__content/videoCourses/sql_dump.txt`)).status).toBe(404)
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text()
    expect(sitemap).toContain('<loc>https://fjord.dev/templates</loc>')
    for (const gone of ['/video-courses<', '/blog', '/newsletter', '/enterprise/jobs', '/admin', '/docs/3.x']) expect(sitemap, gone).not.toContain(`https://fjord.dev${gone}`)
    expect(await readFile(join(fixture.root, 'dist', 'sitemap.xml'), 'utf8')).toBe(sitemap)
  })

  it("shows the app's not-found page at their paths", async () => {
    for (const path of ['/video-courses', '/newsletter', '/enterprise/jobs']) {
      const { page, status } = await open(path)
      expect(status, path).toBe(404)
      await expect.poll(() => page.locator('main').textContent(), { timeout: 20_000 }).toContain(`Page not found: ${path}`)
      expect(await page.title()).toBe('Page not found')
      await page.close()
    }
  })

  it('leaves them out of the header menus, the footer, the palette and the home page', async () => {
    const { page } = await open('/')
    await appReady(page)
    const header = page.getByRole('navigation', { name: 'Main' })
    await header.getByRole('button', { name: 'Resources' }).click()
    const resources = header.getByRole('list', { name: 'Resources' })
    await expect.poll(() => resources.getByRole('link', { name: /Templates/ }).count()).toBe(1)
    expect(await resources.locator('a[href="/video-courses"]').count()).toBe(0)
    expect(await header.getByRole('link', { name: 'Blog', exact: true }).count()).toBe(0)
    expect(await page.locator('header a[href^="/blog"]').count()).toBe(0)

    const footer = page.locator('footer')
    expect(await footer.getByRole('link', { name: 'Support' }).count()).toBe(1)
    expect(await footer.locator('a[href="/enterprise/jobs"]').count()).toBe(0)
    expect(await footer.getByRole('textbox', { name: 'Email' }).count()).toBe(0)

    // The home page's own links into a switched-off section go too.
    const main = page.locator('main')
    expect(await main.getByRole('link', { name: 'Pick a template' }).count()).toBe(1)
    expect(await main.getByRole('link', { name: 'Watch the courses' }).count()).toBe(0)

    await page.keyboard.press('Control+k')
    const palette = page.getByRole('dialog', { name: 'Search the documentation' })
    await expect.poll(() => palette.isVisible()).toBe(true)
    const options = palette.getByRole('option')
    await expect.poll(() => options.allTextContents()).toEqual(['Team', 'Design Kit'])
    await page.close()
  })
})
