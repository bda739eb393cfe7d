import { mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'

import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { buildContent } from '../content-build/build'
import { type ContentIssue, issueKind, issueName } from '../content-build/errors'
import { writeOutputs } from '../content-build/outputs/write'
import { createPrerenderer } from '../content-build/prerender/pool'
import { createApp } from '../server/app'
import { loadSite } from '../server/site'
import siteConfig from '../site.config'
import { defineSiteConfig, type SiteConfig } from '../src/contract/site-schema'
import { buildApp, buildPrerenderer } from '../testing/build-site'
import { createFixture, type Fixture, md } from '../testing/fixture-site'

const root = resolve(import.meta.dirname, '..')
/** The port of the fixture site's server. */
const PORT = 4921

/**
 * The build's link report against the truth: every internal `href` (and same-origin
 * image `src`) of every prerendered page, and every redirect of the config, requested
 * from the real server. The paths that answer 404 must be exactly those the build
 * reports, for a site broken in every kind of source and for the demo site.
 */

/** The path each link problem of the build names (what a visitor would request), anchors aside: a missing anchor is no 404. */
function reportedPaths(issues: readonly ContentIssue[]): string[] {
  const paths = issues.filter((issue) => issueKind(issue) !== 'broken anchor').map((issue) => (issueName(issue) ?? '').replace(/[?#].*$/, ''))
  return [...new Set(paths)].sort()
}

/** The route pages the build wrote: each `index.html` below `dist`, beside the build's own folders. */
async function pageFiles(dist: string): Promise<string[]> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile() && e.name === 'index.html')
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !/^(_app|__content|builds)\//.test(relative(dist, file)))
}

/** Each page's internal links and images, as absolute URLs on `base` without their fragment. */
async function internalUrls(dist: string, base: string): Promise<Set<string>> {
  const urls = new Set<string>()
  for (const file of await pageFiles(dist)) {
    const html = await readFile(file, 'utf8')
    const pagePath = `/${relative(dist, file).replace(/(^|\/)index\.html$/, '')}`
    const pageUrl = new URL(pagePath, base)
    const written = [...html.matchAll(/<[a-z]+\s[^>]*?\bhref="([^"]*)"/g), ...html.matchAll(/<img\s[^>]*?\bsrc="([^"]*)"/g)].map((m) => m[1] ?? '')
    for (const raw of written) {
      const href = raw.replaceAll('&amp;', '&')
      if (!href || href.startsWith('#')) continue
      const url = new URL(href, pageUrl)
      if (url.origin !== pageUrl.origin) continue
      url.hash = ''
      urls.add(url.href)
    }
  }
  return urls
}

/** The paths among `urls` the server answers 404, its redirects followed as far as they stay on the site. */
async function crawl404s(urls: Iterable<string>): Promise<string[]> {
  const missing = new Set<string>()
  for (const url of urls) {
    let at = new URL(url)
    for (let hops = 0; hops <= 10; hops++) {
      const response = await fetch(at, { redirect: 'manual' })
      await response.arrayBuffer()
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, at)
        if (next.origin !== at.origin) break // A redirect that leaves the site.
        at = next
        continue
      }
      if (response.status === 404) missing.add(new URL(url).pathname)
      else expect(response.status, url).toBeLessThan(400)
      break
    }
  }
  return [...missing].sort()
}

async function crawl(dist: string, base: string, config: SiteConfig): Promise<string[]> {
  const urls = await internalUrls(dist, base)
  for (const from of Object.keys(config.redirects)) urls.add(new URL(from, base).href)
  return crawl404s(urls)
}

/** The build's link problems for a project (reported as warnings, so it builds and every one is listed). */
async function buildReport(projectRoot: string, config: SiteConfig) {
  const output = await buildContent({ root: projectRoot, config, env: {}, brokenLinks: 'warn', importedBrokenLinks: 'warn' })
  return { output, issues: output.warnings.filter((w) => /^(broken|image|redirect)/.test(w.message)) }
}

const page = (title: string, body = `## ${title} heading\n`) => md({ title, description: `${title}.` }, body)

describe('the link check against a crawl of the built site', () => {
  let fixture: Fixture
  let config: SiteConfig
  let work = ''
  let report: ContentIssue[] = []
  let missing: string[] = []

  beforeAll(async () => {
    // A site with a dead link in every kind of source the pages draw links from.
    fixture = await createFixture({
      'content/index/index.md': [
        '---',
        'title: Home',
        'description: Home.',
        'hero:',
        '  links:',
        '    - label: Get started',
        '      to: /docs/4.x/getting-started',
        '    - label: Read the intro',
        '      to: /docs/4.x/intro',
        '---',
        '',
      ].join('\n'),
      'content/docs/4.x/1.intro.md': page(
        'Intro',
        '## Intro heading\n\nSee [a page](/docs/4.x/missing-page), [the heading](#intro-heading), [the old docs](/old-docs) and [home](/start/).\n\n![Diagram](/img/missing.png)\n',
      ),
      'content/docs/3.x/1.intro.md': page('Intro'),
      'content/landing/enterprise.yml':
        'title: Enterprise\ndescription: E.\nsections:\n  - title: Support\n    description: Help.\n    to: /enterprise/support\n  - title: Partners\n    description: Gone.\n    to: /enterprise/partners\n',
      'content/landing/team.yml': 'title: Team\ndescription: T.\njoin:\n  title: Join\n  links:\n    - label: Contribute\n      to: /docs/contribution\n',
      'content/team/core.yml': 'title: Core\nusers:\n  - name: Ada\n    username: ada\n    avatar: /assets/avatars/nobody.svg\n',
    })
    config = defineSiteConfig({
      ...fixture.config,
      header: {
        ...fixture.config.header,
        menus: [
          {
            label: 'Docs',
            children: [
              { label: 'Intro', to: '/docs/intro' },
              { label: 'Gone', to: '/docs/gone-menu' },
            ],
          },
          ...fixture.config.header.menus,
        ],
      },
      footer: {
        ...fixture.config.footer,
        columns: [...fixture.config.footer.columns, { label: 'Press', children: [{ label: 'Press kit', to: '/press' }] }],
      },
      social: [...fixture.config.social, { label: 'Feed', icon: 'i-lucide-rss', to: '/feed-gone.xml' }],
      redirects: { ...fixture.config.redirects, '/start': '/', '/old-docs': '/docs/4.x/removed' },
    })
    work = join(root, '.cache', 'link-crawl')
    await rm(work, { recursive: true, force: true })
    await mkdir(work, { recursive: true })
    const dist = join(work, 'dist')
    await buildApp(dist, { siteConfig: config })
    const prerenderBundle = await buildPrerenderer('link-crawl', { siteConfig: config })

    const built = await buildReport(fixture.root, config)
    report = built.issues
    const prerenderer = await createPrerenderer(prerenderBundle, { pages: built.output.pages.length, workers: 0 })
    await writeOutputs(built.output, dist, config, 1, { prerender: { docs: prerenderer.render, route: prerenderer.renderRoute } }).finally(() => prerenderer.close())

    const app = createApp({ site: await loadSite(dist), config })
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: PORT })
    try {
      missing = await crawl(dist, `http://127.0.0.1:${PORT}`, config)
    } finally {
      await new Promise((done) => server.close(done))
    }
  }, 600_000)

  afterAll(async () => {
    await fixture?.cleanup()
    if (work) await rm(work, { recursive: true, force: true })
  })

  it('reports exactly the paths a crawl finds missing, on a site broken in every kind of source', () => {
    expect(missing.length).toBeGreaterThan(0)
    expect(reportedPaths(report)).toEqual(missing)
  })

  it('names each by its file and line, or its config path', () => {
    const places = report.map((issue) => `${issue.file}${issue.line ? `:${issue.line}` : ''} ${issue.field ?? ''}`).sort()
    expect(places).toEqual([
      'content/docs/4.x/1.intro.md:10 image',
      'content/docs/4.x/1.intro.md:8 link',
      'content/docs/4.x/1.intro.md:8 link',
      'content/index/index.md:7 hero.links.0.to',
      'content/landing/enterprise.yml:9 sections.1.to',
      'content/landing/team.yml:7 join.links.0.to',
      'content/team/core.yml:5 users.0.avatar',
      'site.config.ts footer.columns[3].children[0].to',
      'site.config.ts header.menus[0].children[1].to',
      'site.config.ts header.menus[0].children[1].to',
      'site.config.ts redirects["/old-docs"]',
      'site.config.ts social[5].to',
    ])
  })
})

describe('the demo site', () => {
  it('has no dead link: the build reports none and a crawl of its prerendered pages finds none', async () => {
    // The global setup built this checkout's site into dist/ and serves it there.
    const { issues } = await buildReport(root, siteConfig)
    expect(reportedPaths(issues)).toEqual([])
    expect(issues).toEqual([])
    expect(await crawl(join(root, 'dist'), inject('baseURL'), siteConfig)).toEqual([])
  }, 300_000)
})
