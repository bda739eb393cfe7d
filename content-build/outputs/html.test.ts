import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'

import { afterEach, describe, expect, it } from 'vitest'

import siteConfig from '../../site.config'
import { CSP_MANIFEST, privateDir, VITE_MANIFEST } from '../../src/contract/content/build-output'
import { defineSiteConfig } from '../../src/contract/site-schema'
import { createFixture, type Fixture, md } from '../../testing/fixture-site'
import { buildContent } from '../build'
import { headFor, normalizeTemplate, renderHead } from './html'
import { type Prerender, writeOutputs } from './write'

let fixture: Fixture | undefined
afterEach(async () => {
  await fixture?.cleanup()
  fixture = undefined
})

const template = '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Fjord</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n'

async function buildSite({ html = template, prerender, files = {}, base }: { html?: string; prerender?: Prerender; files?: Record<string, string>; base?: string } = {}) {
  fixture = await createFixture({
    'content/index/index.md': md({ title: 'Fjord', description: 'The calm framework.' }),
    'content/docs/4.x/1.intro.md': md({ title: 'Intro & "quotes"', description: 'Start <here>.', seo: { image: '/og/intro.png' } }, '## A\n'),
    'content/blog/launch.md': md({ title: 'Launch', description: 'It shipped.', date: '2026-01-01', category: 'Release', image: '/launch.svg', authors: [{ name: 'A' }] }),
    'public/launch.svg': '<svg/>',
    // The intro's social image: the build checks that it exists.
    'public/og/intro.png': '',
    'dist/index.html': html,
    ...files,
  })
  const dist = join(fixture.root, 'dist')
  const config = base ? { ...fixture.config, base } : fixture.config
  const written = await writeOutputs(await buildContent({ root: fixture.root, config, env: {} }), dist, config, 1, { prerender })
  return { dist, written, read: (path: string) => readFile(join(dist, path), 'utf8'), readPrivate: (path: string) => readFile(join(privateDir(dist), path), 'utf8') }
}

describe('route HTML', () => {
  it('gives every content route its title, description, canonical, Open Graph and Twitter tags', async () => {
    const { read } = await buildSite()
    const intro = await read('docs/4.x/intro/index.html')
    expect(intro).toContain('<title>Intro &amp; &quot;quotes&quot; · Fjord</title>')
    expect(intro).toContain('<meta name="description" content="Start &lt;here&gt;." />')
    expect(intro).toContain('<link rel="canonical" href="https://fjord.dev/docs/4.x/intro" />')
    expect(intro).toContain('<meta property="og:image" content="https://fjord.dev/og/intro.png" />')
    expect(intro).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(intro).toContain('<div id="root"></div>')
    expect(intro.match(/<title>/g)).toHaveLength(1)
    const post = await read('blog/launch/index.html')
    expect(post).toContain('<meta property="og:type" content="article" />')
    expect(post).toContain('<meta property="og:image" content="https://fjord.dev/launch.svg" />')
  })

  it('gives the home page the tagline, and unknown paths the error title and description', async () => {
    const { read } = await buildSite()
    expect(await read('index.html')).toContain('<title>The calm full-stack web framework</title>')
    // A page without an image of its own gets the brand's social card.
    expect(await read('index.html')).toContain('<meta property="og:image" content="https://fjord.dev/og/social.png" />')
    expect(await read('index.html')).toContain('<meta name="twitter:image" content="https://fjord.dev/og/social.png" />')
    const notFound = await read('404.html')
    expect(notFound).toContain('<title>Page not found</title>')
    expect(notFound).toContain('<meta name="description" content="We are sorry but this page could not be found." />')
    expect(await read('200.html')).toContain('<title>The calm full-stack web framework</title>')
  })

  it('gives each page its locale’s language and direction, and a translated page its alternates in every language with x-default', async () => {
    const { read } = await buildSite({
      files: {
        'content/docs/4.x/2.routing.md': md({ title: 'Routing', description: 'Pages and paths.' }),
        'content/es/docs/4.x/1.intro.md': md({ title: 'Introducción', description: 'Empieza aquí.' }),
      },
    })
    const english = await read('docs/4.x/intro/index.html')
    const spanish = await read('es/docs/4.x/intro/index.html')
    expect(english).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/)
    expect(spanish).toMatch(/^<!doctype html>\n<html lang="es" dir="ltr">/)
    const alternates = [
      '<link rel="alternate" hreflang="en" href="https://fjord.dev/docs/4.x/intro" />',
      '<link rel="alternate" hreflang="es" href="https://fjord.dev/es/docs/4.x/intro" />',
      '<link rel="alternate" hreflang="x-default" href="https://fjord.dev/docs/4.x/intro" />',
    ]
    for (const html of [english, spanish]) expect(html.match(/<link rel="alternate" hreflang[^>]*>/g)).toEqual(alternates)
    // Each language's page is its own canonical URL.
    expect(spanish).toContain('<link rel="canonical" href="https://fjord.dev/es/docs/4.x/intro" />')
    // A page read in one language only has no alternates.
    expect(await read('docs/4.x/routing/index.html')).not.toContain('hreflang')
    expect(await read('404.html')).toMatch(/<html lang="en" dir="ltr">/)
    // Each other language has its own not-found page, for hosts and servers to answer its paths with.
    const spanish404 = await read('es/404.html')
    expect(spanish404).toMatch(/<html lang="es" dir="ltr">/)
    expect(spanish404).toContain('<title>Página no encontrada</title>')
  })

  it('builds a translated blog under its locale: its posts in its language beside their originals, its listing under the blog’s header in its words, its own feeds', async () => {
    const post = { description: 'D.', date: '2026-01-01', category: 'Release', image: '/launch.svg', authors: [{ name: 'A' }] }
    const { read } = await buildSite({
      files: {
        'content/landing/blog.yml': 'title: Blog\ndescription: News.\nhero:\n  title: The Fjord blog\n  description: Release announcements.\n',
        'content/blog/older.md': md({ ...post, title: 'Older', date: '2025-06-01' }),
        'content/es/blog/launch.md': md({ ...post, title: 'Lanzamiento', description: 'Ya está aquí.' }, '## Qué cambia\n'),
      },
    })
    const spanish = await read('es/blog/launch/index.html')
    expect(spanish).toMatch(/^<!doctype html>\n<html lang="es" dir="ltr">/)
    const alternates = [
      '<link rel="alternate" hreflang="en" href="https://fjord.dev/blog/launch" />',
      '<link rel="alternate" hreflang="es" href="https://fjord.dev/es/blog/launch" />',
      '<link rel="alternate" hreflang="x-default" href="https://fjord.dev/blog/launch" />',
    ]
    for (const html of [await read('blog/launch/index.html'), spanish]) expect(html.match(/<link rel="alternate" hreflang[^>]*>/g)).toEqual(alternates)
    // A post read in one language only has none; the listings are each other's.
    expect(await read('blog/older/index.html')).not.toContain('hreflang')
    expect(await read('es/blog/index.html')).toContain('<link rel="alternate" hreflang="es" href="https://fjord.dev/es/blog" />')
    // The Spanish pages announce the Spanish feeds.
    expect(spanish).toContain('<link rel="alternate" type="application/rss+xml" title="Blog de Fjord (RSS)" href="https://fjord.dev/es/blog/rss.xml" />')
    const listing = JSON.parse(await read('es/blog/_payload.json')) as {
      page: { title: string; path: string; meta: { hero: { title: string } } }
      lists: Record<string, { path: string }[]>
    }
    expect([listing.page.path, listing.page.title, listing.page.meta.hero.title]).toEqual(['/es/blog', 'Blog', 'El blog de Fjord'])
    expect(listing.lists.blogEs?.map((p) => p.path)).toEqual(['/es/blog/launch'])
    expect(listing.lists.blogEs?.[0]).not.toHaveProperty('body')
    const rss = await read('es/blog/rss.xml')
    expect(rss).toContain('<language>es</language>')
    expect(rss).toMatch(/<title>(<!\[CDATA\[)?Blog de Fjord/)
    expect(rss).toContain('<link>https://fjord.dev/es/blog/launch</link>')
    expect(rss).not.toContain('/blog/older')
    expect(await read('blog/rss.xml')).not.toContain('/es/blog')
  })

  it('writes a right-to-left locale’s pages right to left, in its language', () => {
    const config = defineSiteConfig({
      ...siteConfig,
      locales: [
        { code: 'en', label: 'English', lang: 'en' },
        { code: 'fa', label: 'فارسی', lang: 'fa-IR', dir: 'rtl', docs: { '4.x': 'content/fa/docs/4.x' } },
      ],
    })
    const head = headFor({ path: '/fa/docs/4.x/intro', collection: 'docsv4Fa', row: { id: 'fa:intro', stem: 'intro', position: 0, title: 'مقدمه' } }, config)
    expect([head.lang, head.dir]).toEqual(['fa-IR', 'rtl'])
    expect(renderHead(template, head, config)).toMatch(/^<!doctype html>\n<html lang="fa-IR" dir="rtl">/)
  })

  it('writes the build id into every page, so its data URLs carry it', async () => {
    const { read, written } = await buildSite()
    for (const file of ['index.html', '200.html', '404.html', 'docs/4.x/intro/index.html', 'blog/launch/index.html']) {
      expect(await read(file), file).toContain(`<meta name="build-id" content="${written.buildId}" />`)
    }
  })

  it('renders the same files and build id when the content build runs again', async () => {
    const { dist, written, read } = await buildSite()
    if (!fixture) throw new Error('no fixture')
    const before = await read('index.html')
    const again = await writeOutputs(await buildContent({ root: fixture.root, config: fixture.config, env: {} }), dist, fixture.config, 1)
    expect(again.buildId).toBe(written.buildId)
    expect(await read('index.html')).toBe(before)
  })

  it('fetches and starts the app on a prerendered page once its markup is painted, its start allowed by the page’s policy', async () => {
    const entry = '<script type="module" crossorigin src="/_app/index-abc.js"></script>'
    const shared = '<link rel="modulepreload" crossorigin href="/_app/shared-abc.js">'
    const { read, readPrivate } = await buildSite({
      html: template.replace('</head>', `  ${entry}\n    ${shared}\n  </head>`),
      prerender: { docs: (payload) => `<main id="main"><h1>${String(payload.page?.title)}</h1></main>` },
    })
    const docs = await read('docs/4.x/intro/index.html')
    // Nothing of the app is fetched before the page's markup is painted: no entry script, no module preload.
    expect(docs).not.toContain(entry)
    expect(docs).not.toContain('rel="modulepreload"')
    const start = /<div id="root"><\/div><script type="module">([^<]*)<\/script>/.exec(docs)?.[1] ?? ''
    expect(start).toContain('"entry":"/_app/index-abc.js"')
    expect(start).toContain('"preloads":["/_app/shared-abc.js"]')
    expect(start).toContain('largest-contentful-paint')
    const csp = JSON.parse(await readPrivate(CSP_MANIFEST)) as { routes: Record<string, { script?: string[] }> }
    expect(csp.routes['/docs/4.x/intro']?.script).toEqual([`'sha256-${createHash('sha256').update(start).digest('base64')}'`])
    // A page the build does not draw (this prerender draws docs pages only) starts the app as the template says.
    expect(await read('blog/launch/index.html')).toContain(entry)
    expect(await read('blog/launch/index.html')).toContain(shared)
    // Read back as a template (the build reads dist/index.html), a drawn page is the template it came from.
    expect(normalizeTemplate(docs)).toBe(normalizeTemplate(await read('blog/launch/index.html')))
  })

  it('holds a prerendered page’s first frame until its opening, up to its first section heading, is parsed', async () => {
    const { read } = await buildSite({
      prerender: {
        docs: (payload) =>
          `<header><nav>menus</nav></header><main id="main"><h1>${String(payload.page?.title)}</h1><p>The opening.</p><h2 id="first-steps">First steps</h2><h2 id="later">Later</h2></main>`,
        route: (path) =>
          Promise.resolve(
            path === '/blog'
              ? `<main id="main"><h1>Blog</h1>${'<article><h3>A post</h3><p>Its summary.</p></article>'.repeat(600)}<h2 id="older">Older posts</h2></main>`
              : `<main id="main"><h1>${path}</h1><p>Short and without sections.</p></main>`,
          ),
      },
    })
    const docs = await read('docs/4.x/intro/index.html')
    const head = docs.slice(0, docs.indexOf('</head>'))
    expect(head).toContain('<link rel="expect" href="#first-steps" blocking="render">')
    expect(docs.match(/rel="expect"/g)).toHaveLength(1)
    expect(docs).toContain('<h2 id="first-steps">')
    // A page without a section heading is painted as its parser goes, and so is a listing
    // whose first one comes after a page of cards.
    expect(await read('blog/launch/index.html')).not.toContain('rel="expect"')
    const listing = await read('blog/index.html')
    expect(listing).toContain('<h2 id="older">')
    expect(listing).not.toContain('rel="expect"')
    // Read back as a template, the page has no trace of it.
    expect(normalizeTemplate(docs)).not.toContain('expect')
  })

  it('starts the app once the page’s first paint is reported, however many frames that takes, and not before', async () => {
    const entry = '<script type="module" crossorigin src="/_app/index-abc.js"></script>'
    const { read } = await buildSite({
      html: template.replace('</head>', `  ${entry}\n  </head>`),
      prerender: { docs: (payload) => `<main id="main"><h1>${String(payload.page?.title)}</h1></main>` },
    })
    const code = /<div id="root"><\/div><script type="module">([^<]*)<\/script>/.exec(await read('docs/4.x/intro/index.html'))?.[1] ?? ''
    /** The script in a page that reports `supported` paint entries and has `painted` already: the browser's steps are the test's to take. */
    const page = ({ supported = ['paint', 'largest-contentful-paint'], painted = false } = {}) => {
      const frames: (() => void)[] = []
      const timers: { run: () => void; ms: number }[] = []
      const observers: ((list: { getEntries: () => { name: string; startTime: number }[] }, observer: { disconnect: () => void }) => void)[] = []
      let now = 100
      let started = false
      // Its `import()` of the entry stands for the app's start.
      expect(code).toContain('import(app.entry)')
      runInNewContext(code.replace('import(app.entry)', 'startApp(app.entry)'), {
        startApp: () => (started = true),
        document: { hidden: false, createElement: () => ({}), head: { append: () => {} } },
        requestAnimationFrame: (run: () => void) => frames.push(run),
        setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
        performance: { now: () => now, getEntriesByName: (name: string) => (painted && name === 'first-contentful-paint' ? [{ name, startTime: 50 }] : []) },
        PerformanceObserver: Object.assign(
          class {
            constructor(callback: (typeof observers)[number]) {
              observers.push(callback)
            }
            observe({ entryTypes }: { entryTypes: string[] }) {
              if (!entryTypes.length) throw new TypeError('no entry types')
            }
          },
          { supportedEntryTypes: supported },
        ),
      })
      return {
        started: () => started,
        frame: () => {
          now += 16
          for (const run of frames.splice(0)) run()
        },
        report: (name: string) => observers.forEach((callback) => callback({ getEntries: () => [{ name, startTime: now + 5 }] }, { disconnect: () => {} })),
        tasks: (under = Infinity) => {
          for (const timer of timers.splice(0)) if (timer.ms < under) timer.run()
        },
      }
    }
    // Nothing painted yet: frames go by (a busy machine) and the app waits for the first paint.
    const slow = page()
    for (let i = 0; i < 4; i++) slow.frame()
    slow.tasks(1000)
    expect(slow.started()).toBe(false)
    slow.report('first-contentful-paint')
    slow.tasks(1000)
    expect(slow.started()).toBe(true)
    // A paint that is never reported holds it a second at most.
    const never = page()
    never.frame()
    never.tasks()
    expect(never.started()).toBe(false)
    never.tasks()
    expect(never.started()).toBe(true)
    // Painted already (the parser yielded a frame): two frames later, as where no paint is reported.
    for (const options of [{ painted: true }, { supported: [] }]) {
      const shown = page(options)
      shown.frame()
      shown.frame()
      expect(shown.started()).toBe(false)
      shown.frame()
      shown.tasks(1000)
      expect(shown.started()).toBe(true)
    }
  })

  it('draws every other page by its route, from every non-docs payload, its inline style allowed by the page’s policy', async () => {
    const seen: { path: string; payloads: string[] }[] = []
    const { read, readPrivate } = await buildSite({
      prerender: {
        docs: () => '<main id="main"><h1>Docs</h1></main>',
        route: async (path, payloads) => {
          seen.push({ path, payloads: payloads.map((p) => p.path) })
          const title = payloads.find((p) => p.path === path)?.page?.title
          const modules = path === '/blog/launch' ? '<!--modules src/app/routes/blog-post.tsx src/components/markdown/markdown-body.tsx-->' : ''
          return `${modules}<style>.hero{opacity:.3}</style><main id="main"><h1>${String(title)}</h1></main>`
        },
      },
      // The app build's manifest: the entry's CSS is linked already; a route's own and its imports' are not.
      files: {
        [`dist-server/private/${VITE_MANIFEST}`]: JSON.stringify({
          'index.html': { file: '_app/index.js', isEntry: true, imports: ['_shared.js'], css: ['_app/index.css'] },
          '_shared.js': { file: '_app/shared.js', css: ['_app/shared.css'] },
          '_blog.js': { file: '_app/blog.js', imports: ['_shared.js'], css: ['_app/blog.css'] },
          'src/app/routes/blog-post.tsx': { file: '_app/blog-post.js', imports: ['_blog.js'] },
          'src/components/markdown/markdown-body.tsx': { file: '_app/markdown-body.js', css: ['_app/markdown-body.css'] },
        }),
      },
    })
    const drawn = seen.map((s) => s.path).sort()
    expect(drawn).toEqual(expect.arrayContaining(['/', '/blog', '/blog/launch', '/modules']))
    expect(drawn.filter((path) => path.startsWith('/docs'))).toEqual([])
    // Each route's loaders can read any non-docs page's payload (a post reads the blog's list), never a docs page's.
    for (const { payloads } of seen) expect(payloads.sort()).toEqual(drawn)
    const post = await read('blog/launch/index.html')
    expect(post).toContain('<div id="prerendered"><style>.hero{opacity:.3}</style><main id="main"><h1>Launch</h1></main></div>')
    const linked = (html: string) => [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1])
    expect(linked(post)).toEqual(['/_app/blog.css', '/_app/markdown-body.css'])
    expect(post.indexOf('/_app/blog.css')).toBeLessThan(post.indexOf('</head>'))
    expect(linked(await read('index.html'))).toEqual([])
    // Read back as a template (the build reads dist/index.html, now the home page's copy), a drawn page is the template it came from.
    expect(normalizeTemplate(post)).toBe(normalizeTemplate(template))
    expect(await read('docs/4.x/intro/index.html')).toContain('<h1>Docs</h1>')
    const csp = JSON.parse(await readPrivate(CSP_MANIFEST)) as { routes: Record<string, { style?: string[] }> }
    expect(csp.routes['/blog/launch']?.style).toEqual([`'sha256-${createHash('sha256').update('.hero{opacity:.3}').digest('base64')}'`])
  })

  it('fails the build naming the page a route could not draw', async () => {
    await expect(
      buildSite({
        prerender: {
          docs: () => '<main></main>',
          route: (path) => (path === '/blog/launch' ? Promise.reject(new Error('the prerender failed on /blog/launch: no data')) : Promise.resolve('<main></main>')),
        },
      }),
    ).rejects.toThrow('the prerender failed on /blog/launch: no data')
  })

  it('writes a sitemap of the prerendered routes and a robots.txt that points at it', async () => {
    const { read } = await buildSite()
    const sitemap = await read('sitemap.xml')
    expect(sitemap).toContain('<loc>https://fjord.dev/docs/4.x/intro</loc>')
    expect(sitemap).toContain('<loc>https://fjord.dev/blog/launch</loc>')
    expect(sitemap).not.toContain('/admin')
    expect(await read('robots.txt')).toBe('User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: https://fjord.dev/sitemap.xml\n')
  })

  it('puts the base path of a site served below the root into its public URLs: canonical, Open Graph, feeds, sitemap and robots.txt', async () => {
    const { read } = await buildSite({ base: '/fjord/' })
    const intro = await read('docs/4.x/intro/index.html')
    expect(intro).toContain('<link rel="canonical" href="https://fjord.dev/fjord/docs/4.x/intro" />')
    expect(intro).toContain('<meta property="og:url" content="https://fjord.dev/fjord/docs/4.x/intro" />')
    expect(intro).toContain('<meta property="og:image" content="https://fjord.dev/fjord/og/intro.png" />')
    expect(await read('blog/index.html')).toContain('href="https://fjord.dev/fjord/blog/rss.xml"')
    expect(await read('sitemap.xml')).toContain('<loc>https://fjord.dev/fjord/docs/4.x/intro</loc>')
    expect(await read('robots.txt')).toBe('User-agent: *\nAllow: /fjord/\nDisallow: /fjord/admin\n\nSitemap: https://fjord.dev/fjord/sitemap.xml\n')
    expect(await read('blog/rss.xml')).toContain('<link>https://fjord.dev/fjord/blog/launch</link>')
    expect(await read('llms.txt')).toContain('(https://fjord.dev/fjord/raw/docs/4.x/intro.md)')
  })
})
