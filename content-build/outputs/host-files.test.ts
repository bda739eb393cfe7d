import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import config from '../../site.config'
import type { ContentManifest } from '../../src/contract/content/build-output'
import { contentSecurityPolicy, SECURITY_HEADERS } from '../../src/contract/security-headers'
import { createFixture, type Fixture, md } from '../../testing/fixture-site'
import { checkNginxConf, nginxMissing, type RunningNginx, startNginx } from '../../testing/nginx'
import { buildContent } from '../build'
import { headersFile, redirectsFile, sitePolicy, vercelJson } from './host-files'
import { nginxConf } from './host-nginx'
import { type HostSite, outsideVersionsPattern, readHostSite } from './host-site'
import { inlineHashes } from './inline-hashes'
import { writeOutputs } from './write'

const BOOT = "'sha256-boot'"
const missing = nginxMissing()
if (missing) console.warn(missing)

/** A small site: two redirects (one off-site), two docs versions, a page with its own styles, one route drawn by the shell. */
function smallSite(base = '/'): HostSite {
  return {
    base,
    redirects: { '/old': '/new', '/chat': 'https://chat.example.com', '/docs': '/docs/4.x/intro' },
    versions: ['/docs/4.x', '/docs/3.x'],
    pages: [
      { route: '/', file: '/index.html', inline: { script: [BOOT], style: [] } },
      { route: '/docs/4.x/intro', file: '/docs/4.x/intro/index.html', inline: { script: [BOOT], style: ["'sha256-code'"] } },
      { route: '/docs/4.x/guide/start', file: '/docs/4.x/guide/start/index.html', inline: { script: [BOOT], style: [] } },
    ],
    shellRoutes: ['/admin'],
    shell: { script: [BOOT], style: [] },
    notFound: { script: [BOOT], style: [] },
    localNotFound: [{ prefix: '/es/', file: '/es/404.html', inline: { script: [BOOT], style: [] } }],
    versioned: [{ path: '/__content/docsv4/db.sqlite', v: 'abc' }],
    buildId: 'b1',
    headers: SECURITY_HEADERS,
    policy: contentSecurityPolicy(config),
  }
}

describe('_redirects (Netlify, Cloudflare Pages)', () => {
  it("holds the build's redirects, the /docs rule by section and the shell's routes, static rules first", () => {
    expect(redirectsFile(smallSite())).toBe(
      [
        '# Written by the content build for Netlify and Cloudflare Pages (see docs/deploy.md).',
        '/old /new 301',
        '/chat https://chat.example.com 301',
        '/docs /docs/4.x/intro 301',
        '/docs/guide /docs/4.x/guide 301',
        '/docs/intro /docs/4.x/intro 301',
        '/admin /200.html 200',
        '/docs/guide/* /docs/4.x/guide/:splat 301',
        '/docs/intro/* /docs/4.x/intro/:splat 301',
        // Netlify's not-found page of another language (Cloudflare Pages finds /es/404.html itself).
        '/es/* /es/404.html 404',
        '',
      ].join('\n'),
    )
  })

  it('puts every site path under the base, and leaves an off-site target as it is', () => {
    const text = redirectsFile(smallSite('/fjord/'))
    expect(text).toContain('\n/fjord/old /fjord/new 301\n')
    expect(text).toContain('\n/fjord/chat https://chat.example.com 301\n')
    expect(text).toContain('\n/fjord/admin /fjord/200.html 200\n')
    expect(text).toContain('\n/fjord/docs/guide/* /fjord/docs/4.x/guide/:splat 301\n')
  })
})

describe('_headers (Netlify, Cloudflare Pages)', () => {
  it('sends the security headers and one policy everywhere, and caches the hashed folders for good', () => {
    const text = headersFile(smallSite())
    const [all = '', app = '', thumbnails = '', icons = ''] = text.split('\n\n')
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(all).toContain(`\n  ${name}: ${value}\n`)
    expect(all).toContain(`\n  Content-Security-Policy: script-src 'self' 'wasm-unsafe-eval' https://ask.fjord.dev ${BOOT}; style-src 'self' 'sha256-code';`)
    expect(app).toBe('/_app/*\n  Cache-Control: public, max-age=31536000, immutable')
    expect(thumbnails).toBe('/_thumbnails/*\n  Cache-Control: public, max-age=31536000, immutable')
    expect(icons).toBe('/_icons/*\n  Cache-Control: public, max-age=31536000, immutable\n')
    // Each header is set by one rule only: a host joins the values of two.
    expect(all).not.toContain('Cache-Control')
  })

  it('allows styles inline when every page’s style hashes would not fit in a header line, and keeps scripts by hash', () => {
    const site = smallSite()
    const many = {
      ...site,
      pages: Array.from({ length: 60 }, (_, i) => ({
        route: `/p${i}`,
        file: `/p${i}/index.html`,
        inline: { script: [BOOT], style: [`'sha256-${String(i).padStart(43, 'x')}='`] },
      })),
    }
    const policy = sitePolicy(many)
    expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' https://ask.fjord.dev ${BOOT};`)
    expect(policy).toContain("style-src 'self' 'unsafe-inline';")
    for (const line of headersFile(many).split('\n')) expect(line.length).toBeLessThanOrEqual(2000)
  })
})

describe('vercel.json', () => {
  it('redirects with 301, rewrites the shell routes, keeps URLs without trailing slashes or .html removal', () => {
    const json: unknown = JSON.parse(vercelJson(smallSite()))
    expect(json).toMatchObject({
      cleanUrls: false,
      trailingSlash: false,
      rewrites: [{ source: '/admin', destination: '/200.html' }],
      redirects: [
        { source: '/old', destination: '/new', statusCode: 301 },
        { source: '/chat', destination: 'https://chat.example.com', statusCode: 301 },
        { source: '/docs', destination: '/docs/4.x/intro', statusCode: 301 },
        { source: `/docs/:path(${outsideVersionsPattern(smallSite())}.+)`, destination: '/docs/4.x/:path', statusCode: 301 },
      ],
      headers: [
        { source: '/(.*)' },
        { source: '/_app/(.*)', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
        { source: '/_thumbnails/(.*)' },
        { source: '/_icons/(.*)' },
      ],
    })
  })

  it("moves a /docs path outside every version, and only such a path, as the server's rule does", () => {
    const outside = new RegExp(`^${outsideVersionsPattern(smallSite())}.+$`)
    expect(['getting-started/intro', 'guide', '4.xy/page', '5.x/page'].filter((rest) => outside.test(rest))).toEqual(['getting-started/intro', 'guide', '4.xy/page', '5.x/page'])
    expect(['4.x', '4.x/intro', '3.x/guide/start'].filter((rest) => outside.test(rest))).toEqual([])
  })
})

describe('nginx.conf', () => {
  const root = { dir: '' }
  beforeAll(async () => {
    root.dir = await mkdtemp(join(tmpdir(), 'fjord-host-files-'))
  })
  afterAll(() => rm(root.dir, { recursive: true, force: true }))

  it.skipIf(missing)('is accepted by nginx at the root and under a base path', async () => {
    for (const base of ['/', '/fjord/']) {
      const include = join(root.dir, `check-${base.length}.conf`)
      await writeFile(include, nginxConf(smallSite(base)))
      expect(await checkNginxConf(include, root.dir)).toMatch(/test is successful/)
    }
  })
})

/** A built site's files, enough for nginx: pages with inline scripts and styles, the shells, a bundle and a database. */
const files: Record<string, string> = {
  'index.html': '<!doctype html><title>Home</title><script>boot()</script><main><h1>Home</h1></main>',
  'docs/4.x/intro/index.html': '<!doctype html><title>Intro</title><script>boot()</script><style>.code{}</style><main><h1>Intro</h1></main>',
  '200.html': '<!doctype html><title>Fjord</title><script>boot()</script><main>shell</main>',
  '404.html': '<!doctype html><title>Page not found</title><script>boot()</script><main>not found</main>',
  'es/404.html': '<!doctype html><html lang="es"><title>Página no encontrada</title><script>boot()</script><main>no encontrada</main>',
  '_app/index-abc123.js': 'console.log(1)',
  '__content/docsv4/db.sqlite': 'SQLite format 3',
  '.private/build-report.json': '{}',
}

describe.skipIf(missing)('nginx serving a build with its nginx.conf', () => {
  for (const base of ['/', '/fjord/']) {
    describe(`at ${base}`, () => {
      let nginx: RunningNginx | undefined
      let dir = ''
      const at = (path: string) => `${base}${path.slice(1)}`
      const get = (path: string) => fetch(`${nginx?.url}${at(path)}`, { redirect: 'manual' })

      beforeAll(async () => {
        dir = await mkdtemp(join(tmpdir(), 'fjord-host-nginx-'))
        const site = join(dir, base)
        for (const [path, text] of Object.entries(files)) {
          await mkdir(dirname(join(site, path)), { recursive: true })
          await writeFile(join(site, path), text)
        }
        const manifest: ContentManifest = {
          version: 1,
          buildId: 'b1',
          collections: {
            docsv4: {
              type: 'page',
              table: 'docsv4',
              checksum: 'abc',
              rows: 1,
              columns: [],
              dump: '/__content/docsv4/sql_dump.txt?v=abc',
              image: '/__content/docsv4/db.sqlite?v=abc',
            },
          },
        }
        const host = await readHostSite(
          site,
          config,
          { redirects: { '/old': '/docs/4.x/intro', '/docs': '/docs/4.x/intro' }, prerendered: ['/', '/docs/4.x/intro'], manifest },
          base,
        )
        await writeFile(join(site, 'nginx.conf'), nginxConf(host))
        nginx = await startNginx({ root: dir, include: join(site, 'nginx.conf') })
      })
      afterAll(async () => {
        await nginx?.close()
        await rm(dir, { recursive: true, force: true })
      })

      it('serves each page with the policy for its own inline script and style, and the security headers', async () => {
        const res = await get('/docs/4.x/intro')
        expect(res.status).toBe(200)
        const html = await res.text()
        expect(html).toContain('<h1>Intro</h1>')
        const { script, style } = inlineHashes(html)
        expect(res.headers.get('content-security-policy')).toContain(
          `script-src 'self' 'wasm-unsafe-eval' https://ask.fjord.dev ${script.join(' ')}; style-src 'self' ${style.join(' ')};`,
        )
        expect(res.headers.get('cache-control')).toBe('no-cache')
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value)
        expect(res.headers.get('strict-transport-security')).toBeNull()
      })

      it("answers an unknown path with the site's 404 page and status, and an app route without HTML with the shell", async () => {
        const unknown = await get('/no/such/page')
        expect(unknown.status).toBe(404)
        expect(await unknown.text()).toContain('not found')
        expect(unknown.headers.get('x-frame-options')).toBe('DENY')
        const admin = await get('/admin')
        expect(admin.status).toBe(200)
        expect(await admin.text()).toContain('shell')
        // Under another language's code, that language's not-found page, with its policy.
        const spanish = await get('/es/no/such/page')
        expect(spanish.status).toBe(404)
        const text = await spanish.text()
        expect(text).toContain('no encontrada')
        expect(spanish.headers.get('content-security-policy')).toContain(inlineHashes(text).script.join(' '))
      })

      it("redirects with 301: the build's redirects (with the query), /docs outside a version, trailing slashes", async () => {
        const moved = async (path: string) => {
          const res = await get(path)
          return [res.status, res.headers.get('location')]
        }
        expect(await moved('/old?from=test')).toEqual([301, at('/docs/4.x/intro?from=test')])
        expect(await moved('/docs')).toEqual([301, at('/docs/4.x/intro')])
        expect(await moved('/docs/getting-started/setup')).toEqual([301, at('/docs/4.x/getting-started/setup')])
        expect(await moved('/docs/4.x/intro/')).toEqual([301, at('/docs/4.x/intro')])
        expect((await get('/docs/4.x/missing')).status).toBe(404)
      })

      it('caches hashed bundles and current content for good, anything older revalidated', async () => {
        expect((await get('/_app/index-abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        expect((await get('/__content/docsv4/db.sqlite?v=abc')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        expect((await get('/__content/docsv4/db.sqlite?v=older')).headers.get('cache-control')).toBe('no-cache')
      })

      it('never serves private build files, host files or a page by its index.html name', async () => {
        for (const path of ['/.private/build-report.json', '/nginx.conf', '/index.html', '/docs/4.x/intro/index.html']) expect((await get(path)).status, path).toBe(404)
      })
    })
  }
})

describe('a content build', () => {
  let fixture: Fixture
  beforeAll(async () => {
    fixture = await createFixture({
      'content/docs/4.x/1.getting-started/1.intro.md': md({ title: 'Intro' }, 'Welcome.\n'),
      'content/docs/3.x/1.getting-started/1.intro.md': md({ title: 'Intro' }, 'Version 3.\n'),
    })
  })
  afterAll(() => fixture.cleanup())

  it('writes every host file beside the site, from its own redirects', async () => {
    const dist = join(fixture.root, 'dist')
    await writeOutputs(await buildContent({ root: fixture.root, config: fixture.config, env: {} }), dist, fixture.config, 1)
    expect(await readFile(join(dist, '_redirects'), 'utf8')).toContain('\n/docs /docs/4.x/getting-started/intro 301\n')
    expect(await readFile(join(dist, '_headers'), 'utf8')).toContain('\n  X-Frame-Options: DENY\n')
    expect(JSON.parse(await readFile(join(dist, 'vercel.json'), 'utf8'))).toMatchObject({ trailingSlash: false })
    expect(await readFile(join(dist, 'nginx.conf'), 'utf8')).toContain('\nlocation = "/docs" { return 301 "/docs/4.x/getting-started/intro$is_args$args"; }\n')
  })
})
