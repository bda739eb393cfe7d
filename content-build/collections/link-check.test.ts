import { afterEach, describe, expect, it } from 'vitest'

import { linkFields, metaSections, schemas } from '../../src/contract/content/schemas'
import { defineSiteConfig, type SiteConfig } from '../../src/contract/site-schema'
import { z } from '../../src/contract/zod'
import { createFixture, type Fixture, fixtureConfig, md } from '../../testing/fixture-site'
import { buildContent } from '../build'
import { ContentBuildError, type ContentIssue } from '../errors'
import { defineCollections } from './definitions'
import { checkLinks, checkRedirects, type LinkTargets } from './link-check'
import { linkFieldsOf } from './link-fields'
import { highlightSources } from './link-sources'
import type { CollectionEntries, Entry } from './site-rules'

let fixture: Fixture | undefined
afterEach(async () => {
  await fixture?.cleanup()
  fixture = undefined
})

const page = (title: string) => md({ title, description: `${title}.` }, `## ${title} heading\n`)

/** The build's link problems for these files (as warnings, so every one is listed), with the config given. */
async function linkIssues(files: Record<string, string>, change: (config: SiteConfig) => SiteConfig = (c) => c): Promise<ContentIssue[]> {
  fixture = await createFixture(files)
  const output = await buildContent({ root: fixture.root, config: change(fixture.config), env: {}, brokenLinks: 'warn' })
  return output.warnings.filter((w) => /^(broken|image|redirect)/.test(w.message))
}

const targets = (extra: Partial<LinkTargets> = {}): LinkTargets => ({
  pages: new Map([['/docs/4.x/intro', new Set(['why'])]]),
  routes: new Set(['/blog']),
  redirects: {},
  publicDirs: [],
  docsVersionPaths: ['/docs/4.x', '/docs/3.x'],
  ...extra,
})

describe('the link check follows a path as the server does', () => {
  it('drops a trailing slash, sends an unversioned docs path to the first version and follows redirects', () => {
    const links = ['/blog/', '/docs/intro#why', '/old', '/docs/3.x/intro', '/loop'].map((url) => ({ url, line: 3, kind: 'link' as const }))
    const issues = checkLinks([{ file: 'a.md', links }], targets({ redirects: { '/old': '/docs/4.x/intro', '/loop': '/loop2', '/loop2': '/loop' } }))
    expect(issues).toEqual([
      { file: 'a.md', line: 3, field: 'link', message: 'broken link "/docs/3.x/intro": no page, route or file has the path /docs/3.x/intro' },
      { file: 'a.md', line: 3, field: 'link', message: 'broken link "/loop": following it passes 10 redirects' },
    ])
  })

  it('fails a redirect whose target no page answers, by its config path, and keeps those that leave the site', () => {
    const redirects = { '/support/us': '/blog', '/docs/3.x/recipes': '/docs/3.x/guide/recipes', '/chat': 'https://chat.example.com', '/intro': '/docs/intro' }
    expect(checkRedirects(redirects, targets({ redirects }), 'site.config.ts')).toEqual([
      {
        file: 'site.config.ts',
        field: 'redirects["/docs/3.x/recipes"]',
        message: 'redirect "/docs/3.x/recipes" leads to "/docs/3.x/guide/recipes", which no page, route or file answers: point it at a page that exists or remove it',
      },
    ])
  })
})

describe('link fields of the content schemas', () => {
  it('finds every field written as a link or an image, in the schema and in the meta sections pages read', () => {
    const paths = (fields: ReturnType<typeof linkFieldsOf>) => fields.map((f) => `${f.kind} ${f.path.join('.')}`).sort()
    expect(paths(linkFieldsOf(schemas.index))).toEqual([
      'image seo.image',
      'image testimonials.*.avatar',
      'link cta.links.*.to',
      'link example.links.*.to',
      'link issues.*.to',
      'link links.*.to',
    ])
    expect(paths(linkFieldsOf(metaSections.landing ?? z.object({})))).toEqual([
      'link become.links.*.to',
      'link contact.links.*.to',
      'link hero.links.*.to',
      'link join.links.*.to',
      'link post.links.*.to',
      'link sections.*.to',
    ])
  })

  it('checks a field declared once as a link, however deep and wrapped', () => {
    const href = z.string().register(linkFields, { kind: 'link' })
    const schema = z.object({ cards: z._default(z.array(z.object({ more: z.optional(z.record(z.string(), href)) })), []) })
    expect(linkFieldsOf(schema)).toEqual([{ path: ['cards', '*', 'more', '*'], kind: 'link' }])
  })
})

describe('every source of links is checked against the same routes', () => {
  it('names front matter, meta sections and YAML fields by file, line and field', async () => {
    const issues = await linkIssues({
      'content/docs/4.x/1.intro.md': page('Intro'),
      'content/index/index.md': [
        '---',
        'title: Home',
        'description: Home.',
        'hero:',
        '  links:',
        '    - label: Get started',
        '      to: /docs/4.x/getting-started/introduction',
        'cta:',
        '  title: Go',
        '  links:',
        '    - label: Docs',
        '      to: /docs/4.x/intro',
        '    - label: Gone',
        '      to: /docs/4.x/gone#x',
        'issues:',
        '  - title: One',
        '    date: 2026-01-01',
        '    description: First.',
        '    to: /blog/missing-post',
        'testimonials:',
        '  - quote: Good.',
        '    name: A',
        '    role: B',
        '    avatar: /assets/avatars/nobody.svg',
        '---',
        '',
      ].join('\n'),
      'content/landing/enterprise.yml':
        'title: Enterprise\ndescription: E.\nsections:\n  - title: Support\n    description: Help.\n    to: /enterprise/support\n  - title: Old\n    description: Gone.\n    to: /enterprise/partners\n',
      'content/landing/team.yml': 'title: Team\ndescription: T.\njoin:\n  title: Join\n  links:\n    - label: Guide\n      to: /docs/contribution\n',
      'content/templates/starter.yml': 'name: Starter\nslug: starter\ndescription: A start.\nscreenshotUrl: /assets/templates/missing.png\n',
    })
    const byPlace = (a: ContentIssue, b: ContentIssue) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0)
    expect(issues.sort(byPlace)).toEqual([
      { file: 'content/index/index.md', line: 7, field: 'hero.links.0.to', message: expect.stringContaining('"/docs/4.x/getting-started/introduction"') },
      { file: 'content/index/index.md', line: 14, field: 'cta.links.1.to', message: expect.stringContaining('"/docs/4.x/gone#x"') },
      { file: 'content/index/index.md', line: 19, field: 'issues.0.to', message: expect.stringContaining('"/blog/missing-post"') },
      { file: 'content/index/index.md', line: 24, field: 'testimonials.0.avatar', message: 'image "/assets/avatars/nobody.svg" does not exist in public/' },
      { file: 'content/landing/enterprise.yml', line: 9, field: 'sections.1.to', message: expect.stringContaining('"/enterprise/partners"') },
      // Unversioned, as the server takes it: to the first version.
      { file: 'content/landing/team.yml', line: 7, field: 'join.links.0.to', message: expect.stringContaining('the path /docs/4.x/contribution') },
      { file: 'content/templates/starter.yml', line: 4, field: 'screenshotUrl', message: 'image "/assets/templates/missing.png" does not exist in public/' },
    ])
  })

  it('names the config path of a header menu (in every docs version), footer or social link to nowhere, and leaves out switched-off sections', async () => {
    const issues = await linkIssues({ 'content/docs/4.x/1.intro.md': page('Intro'), 'content/docs/3.x/1.intro.md': page('Intro') }, (config) =>
      defineSiteConfig({
        ...config,
        header: {
          ...config.header,
          menus: [
            {
              label: 'Docs',
              children: [
                { label: 'Intro', to: '/docs/intro' },
                { label: 'Recipes', to: '/docs/recipes' },
              ],
            },
            { label: 'Courses', to: '/video-courses' },
            { label: 'Shop', to: '/shop' },
          ],
        },
        footer: {
          ...config.footer,
          columns: [
            {
              label: 'More',
              children: [
                { label: 'Team', to: '/team' },
                { label: 'Press', to: '/press/' },
              ],
            },
          ],
        },
        social: [{ label: 'Feed', icon: 'i-lucide-rss', to: '/feed.xml' }],
        sections: { videoCourses: false },
      }),
    )
    expect(issues).toEqual([
      { file: 'site.config.ts', field: 'header.menus[0].children[1].to', message: expect.stringContaining('"/docs/4.x/recipes"') },
      { file: 'site.config.ts', field: 'header.menus[0].children[1].to', message: expect.stringContaining('"/docs/3.x/recipes"') },
      { file: 'site.config.ts', field: 'header.menus[2].to', message: expect.stringContaining('"/shop"') },
      { file: 'site.config.ts', field: 'footer.columns[0].children[1].to', message: expect.stringContaining('"/press/"') },
      { file: 'site.config.ts', field: 'social[0].to', message: expect.stringContaining('"/feed.xml"') },
    ])
  })

  it("fails the build on a redirect whose target is gone; one into an imported docs tree is held to that tree's rule", async () => {
    fixture = await createFixture({ 'content/docs/4.x/1.intro.md': page('Intro'), 'content/docs/3.x/1.intro.md': page('Intro') })
    const config = defineSiteConfig({
      ...fixture.config,
      redirects: { '/start': '/docs/4.x/intro', '/docs/3.x/old': '/docs/3.x/removed', '/docs/4.x/old': '/docs/4.x/removed' },
    })
    const build = (importedBrokenLinks: 'warn' | 'error') =>
      buildContent({ root: fixture!.root, config, env: { DOCS_V4_DIR: `${fixture!.root}/content/docs/4.x` }, importedBrokenLinks }).catch((e: unknown) => e)
    const redirect = (from: string) => ({ file: 'site.config.ts', field: `redirects["${from}"]`, message: expect.stringContaining(`redirect "${from}" leads to`) })
    const failed = (error: unknown) => (error instanceof ContentBuildError ? error.issues : error)
    expect(failed(await build('warn'))).toEqual([redirect('/docs/3.x/old')])
    expect(failed(await build('error'))).toEqual([redirect('/docs/3.x/old'), redirect('/docs/4.x/old')])
  })

  it('warns, without failing, about links a static site cannot follow (the newsletter needs a server); fails them on a server that has the section off', async () => {
    fixture = await createFixture({
      'content/docs/4.x/1.intro.md': md({ title: 'Intro' }, 'Sign up for the [newsletter](/newsletter).'),
      'content/index/newsletter.md': md({ title: 'Newsletter' }),
    })
    const built = await buildContent({ root: fixture.root, config: defineSiteConfig({ ...fixture.config, hosting: 'static' }, {}), env: {} })
    expect(built.warnings).toContainEqual(expect.objectContaining({ file: 'content/docs/4.x/1.intro.md', message: expect.stringContaining('"/newsletter"') }))
    expect(built.warnings.find((w) => w.message.includes('"/newsletter"'))?.message).toContain("a static site (hosting: 'static')")
    const off = defineSiteConfig({ ...fixture.config, sections: { ...fixture.config.sections, newsletter: false } }, {})
    const failed = await buildContent({ root: fixture.root, config: off, env: {} }).catch((e: unknown) => e)
    expect(failed instanceof ContentBuildError && failed.issues.map((i) => i.message)).toEqual([expect.stringContaining('"/newsletter"')])
  })

  it("checks the home page's highlights: each shown row's page and the listing each shown section leads to", () => {
    const entry = (file: string, row: Record<string, unknown>): Entry => ({
      task: { index: 0, def: 0, file: { abs: `/site/${file}`, rel: file, display: file }, text: '' },
      result: { links: [], anchors: [], sections: [], warnings: [], errors: [] },
      row: { id: file, stem: file, position: 0, ...row },
    })
    const defs = defineCollections(fixtureConfig, { env: {} })
    const def = (name: string) => defs.find((d) => d.name === name) ?? defs[0]!
    const posts = ['a', 'b', 'c', 'd'].map((slug, i) => entry(`content/blog/${slug}.md`, { path: `/blog/${slug}`, date: `2026-01-0${i + 1}` }))
    const grouped: CollectionEntries[] = [
      { def: def('index'), entries: [entry('content/index/index.md', { path: '/' })] },
      { def: def('blog'), entries: posts },
      { def: def('modules'), entries: [entry('content/modules/ui.yml', { name: 'ui' })] },
      { def: def('deploy'), entries: [] },
    ]
    const link = (url: string, field: string, line = 1) => [{ url, line, kind: 'link', field }]
    expect(highlightSources(grouped)).toEqual([
      { file: 'content/index/index.md', links: link('/blog', 'highlights.blog') },
      // The three newest posts.
      ...['b', 'c', 'd'].map((slug) => ({ file: `content/blog/${slug}.md`, links: link(`/blog/${slug}`, 'highlights.blog') })),
      { file: 'content/index/index.md', links: link('/modules', 'highlights.modules') },
      { file: 'content/modules/ui.yml', links: link('/modules/ui', 'highlights.modules') },
    ])
  })
})
