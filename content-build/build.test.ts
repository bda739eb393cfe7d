import { afterEach, describe, expect, it } from 'vitest'

import { createFixture, type Fixture, md } from '../testing/fixture-site'
import { buildContent, type BuildOutput } from './build'
import { ContentBuildError, type ContentIssue } from './errors'

let fixture: Fixture | undefined
afterEach(async () => {
  await fixture?.cleanup()
  fixture = undefined
})

const intro = md({ title: 'Introduction', description: 'Start here.' }, '## Why Fjord\n\nBecause.\n')
const module = (name: string, category = 'UI') =>
  `name: ${name}\nnpm: fjord-${name}\ndescription: A module.\nicon: ${name}.svg\ncategory: ${category}\ntype: other\nrepo: acme/${name}\nstats:\n  downloads: 10\n  stars: 2\n  publishedAt: 2026-01-02\n  createdAt: 2025-01-02\n`

async function build(files: Record<string, string>): Promise<BuildOutput> {
  fixture = await createFixture(files)
  return buildContent({ root: fixture.root, config: fixture.config, env: {} })
}

async function buildErrors(files: Record<string, string>): Promise<ContentIssue[]> {
  const error = await build(files).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof ContentBuildError)) throw new Error(`expected a ContentBuildError, got ${String(error)}`)
  return error.issues
}

describe('content build errors', () => {
  it('names file, line and field for a front matter value of the wrong type', async () => {
    const issues = await buildErrors({
      'content/docs/4.x/1.intro.md': '---\ntitle: Intro\ndescription: Fine.\nnavigation: "yes please"\n---\nBody\n',
    })
    expect(issues).toEqual([{ file: 'content/docs/4.x/1.intro.md', line: 4, field: 'navigation', message: expect.any(String) }])
  })

  it('names a missing required field', async () => {
    const issues = await buildErrors({
      'content/blog/post.md': md({ title: 'Post', description: 'D', category: 'Release', image: '/a.svg', authors: [{ name: 'A' }] }, 'Hi'),
    })
    expect(issues).toEqual([{ file: 'content/blog/post.md', line: 2, field: 'date', message: 'is required' }])
  })

  it('names invalid YAML with its line', async () => {
    const issues = await buildErrors({ 'content/docs/4.x/1.intro.md': '---\ntitle: Intro\ndescription: "unclosed\nfoo: [\n---\nBody\n' })
    expect(issues[0]).toEqual({ file: 'content/docs/4.x/1.intro.md', line: 3, field: 'description', message: 'the quoted value opened here is never closed: add the closing "' })
  })

  it('rejects an unknown module category on its line', async () => {
    const issues = await buildErrors({ 'content/modules/x.yml': module('x', 'Gadgets'), 'public/icons/modules/x.svg': '<svg/>' })
    expect(issues).toEqual([{ file: 'content/modules/x.yml', line: 5, field: 'category', message: expect.stringContaining('must be one of: Analytics, CMS') }])
  })

  it("compiles a module's README into a body and checks its links, with their lines", async () => {
    const readme = 'readme: |\n  ## Setup\n\n  ```ts [fjord.config.ts]\n  export default {}\n  ```\n\n  See [the docs](/docs/4.x/intro).\n'
    const out = await build({ 'content/modules/x.yml': module('x') + readme, 'content/docs/4.x/1.intro.md': intro, 'public/icons/modules/x.svg': '<svg/>' })
    const row = out.collections.find((c) => c.def.name === 'modules')?.rows[0]
    expect(row?.readme).toMatchObject({ type: 'markdown', toc: [{ id: 'setup', text: 'Setup', depth: 2 }], code: [{ lang: 'ts', filename: 'fjord.config.ts' }] })
    expect(out.collections.find((c) => c.def.name === 'modules')?.columns.find((c) => c.name === 'readme')?.kind).toBe('json')

    const issues = await buildErrors({ 'content/modules/x.yml': module('x') + 'readme: |\n  Read [this](/docs/4.x/nowhere).\n', 'public/icons/modules/x.svg': '<svg/>' })
    expect(issues).toEqual([expect.objectContaining({ file: 'content/modules/x.yml', line: 14, message: expect.stringContaining('/docs/4.x/nowhere') })])

    // A README the parser throws on is named like a page's body, by its field; a link to the module's page is not broken as well.
    const thrown = await buildErrors({
      'content/modules/x.yml': module('x') + 'readme: |\n  Print {{\n    message\n  }} here.\n',
      'public/icons/modules/x.svg': '<svg/>',
      'content/docs/4.x/1.intro.md': md({ title: 'Introduction', description: 'Start here.' }, 'See [the x module](/modules/x).\n'),
    })
    expect(thrown).toEqual([
      { file: 'content/modules/x.yml', line: 13, field: 'readme', message: expect.stringMatching(/^the Markdown parser failed on this field \(.+\); a \{\{ binding \}\}/) },
    ])
  })

  it('rejects two pages with the same path', async () => {
    const issues = await buildErrors({ 'content/docs/4.x/1.intro.md': intro, 'content/docs/4.x/2.intro.md': intro })
    expect(issues).toEqual([{ file: 'content/docs/4.x/2.intro.md', line: 1, field: 'path', message: 'duplicate path /docs/4.x/intro: content/docs/4.x/1.intro.md already has it' }])
  })

  it('rejects broken internal links and anchors, with their lines', async () => {
    const issues = await buildErrors({
      'content/docs/4.x/1.intro.md': intro,
      'content/docs/4.x/2.next.md': md({ title: 'Next' }, 'Line one.\n\nSee [intro](/docs/intro#why-fjord).\n\n[gone](/docs/4.x/nowhere) and [bad anchor](/docs/intro#nope).\n'),
    })
    expect(issues).toEqual([
      { file: 'content/docs/4.x/2.next.md', line: 9, field: 'link', message: 'broken link "/docs/4.x/nowhere": no page, route or file has the path /docs/4.x/nowhere' },
      { file: 'content/docs/4.x/2.next.md', line: 9, field: 'link', message: 'broken anchor "#nope": /docs/4.x/intro has no heading with that id' },
    ])
  })

  it('rejects a front matter link to nowhere and an image missing from public/', async () => {
    const issues = await buildErrors({
      'content/docs/4.x/1.intro.md': '---\ntitle: Intro\nlinks:\n  - label: Next\n    to: /docs/missing\n---\n\n![Diagram](/img/diagram.svg)\n',
    })
    expect(issues).toEqual([
      { file: 'content/docs/4.x/1.intro.md', line: 5, field: 'links.0.to', message: expect.stringContaining('/docs/4.x/missing') },
      { file: 'content/docs/4.x/1.intro.md', line: 8, field: 'image', message: 'image "/img/diagram.svg" does not exist in public/' },
    ])
  })

  it('names the page whose Markdown the parser throws on, as a content error, with the others, and not the links to them', async () => {
    // remark-mdc 3.11.1 throws on a binding spread over three lines (content-build/markdown/remark-mdc-patches.test.ts).
    // The intro links to both failing pages: those links are not reported too.
    const issues = await buildErrors({
      'content/docs/4.x/1.intro.md': md({ title: 'Introduction', description: 'Start here.' }, 'Read [Setup](/docs/4.x/setup) and [Next](./next#then).\n'),
      'content/docs/4.x/2.setup.md': '---\ntitle: Setup\ndescription: Set up.\n---\n\nPrint it with {{\n  message\n}} in a template.\n',
      'content/docs/4.x/3.next.md': '---\ntitle: Next\ndescription: Then.\nnavigation: "yes please"\n---\nBody\n',
    })
    expect(issues).toEqual([
      {
        file: 'content/docs/4.x/2.setup.md',
        line: 5,
        field: 'body',
        message: expect.stringMatching(/^the Markdown parser failed on this page \(.+\); a \{\{ binding \}\} spread over three lines or more is a known cause/),
      },
      { file: 'content/docs/4.x/3.next.md', line: 4, field: 'navigation', message: expect.any(String) },
    ])
  })

  it('reports every problem at once, across collections', async () => {
    const issues = await buildErrors({
      'content/modules/x.yml': module('x', 'Nope'),
      'content/docs/4.x/1.a.md': '---\ntitle: [\n---\n',
    })
    expect(issues.map((i) => i.file).sort()).toEqual(['content/docs/4.x/1.a.md', 'content/modules/x.yml'])
  })

  it('does not let content set computed columns', async () => {
    const issues = await buildErrors({ 'content/docs/4.x/1.a.md': md({ title: 'A', path: '/elsewhere' }) })
    expect(issues).toEqual([{ file: 'content/docs/4.x/1.a.md', line: 3, field: 'path', message: '"path" is computed by the build and cannot be set in content' }])
  })

  it('checks that the site logo exists', async () => {
    fixture = await createFixture()
    const config = { ...fixture.config, brand: { ...fixture.config.brand, logo: '/missing-logo.svg' } }
    const error = await buildContent({ root: fixture.root, config, env: {} }).catch((e: unknown) => e)
    expect(error instanceof ContentBuildError && error.issues).toEqual([
      { file: 'site.config.ts', field: 'brand.logo', message: 'image "/missing-logo.svg" does not exist in public/' },
    ])
  })

  it('names a source folder that does not exist', async () => {
    fixture = await createFixture()
    const error = await buildContent({ root: fixture.root, config: fixture.config, env: { DOCS_V3_DIR: '/nonexistent/docs' } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ContentBuildError)
    expect(error instanceof ContentBuildError && error.issues).toEqual([
      { file: '/nonexistent/docs', message: 'the folder is missing: create /nonexistent/docs or point DOCS_V3_DIR at a docs folder' },
    ])
  })
})

describe('content build output', () => {
  it('warns about unknown components without failing', async () => {
    const out = await build({ 'content/docs/4.x/1.intro.md': md({ title: 'Intro' }, 'Hello\n\n::mystery-box\nInside\n::\n') })
    expect(out.warnings).toEqual([{ file: 'content/docs/4.x/1.intro.md', line: 7, message: 'unknown component "mystery-box": renders in a labelled frame' }])
  })

  it('checks links to HTML anchors like links to headings', async () => {
    const issues = await buildErrors({
      'content/docs/4.x/1.errors.md': md({ title: 'Errors' }, '| <a id="fst_err_x">FST_ERR_X</a> | 500 |\n|---|---|\n\n<a name="top"></a>\n\nText.\n'),
      'content/docs/4.x/2.usage.md': md({ title: 'Usage' }, 'See [X](/docs/errors#fst_err_x), [top](./1.errors.md#top) and [Y](/docs/errors#fst_err_y).\n'),
    })
    expect(issues.map((issue) => issue.message)).toEqual(['broken anchor "#fst_err_y": /docs/4.x/errors has no heading with that id'])
  })

  it("knows the site's own components (site.config.ts content.components): no warning for them", async () => {
    fixture = await createFixture({ 'content/docs/4.x/1.intro.md': md({ title: 'Intro' }, '::release-card{version="4.2"}\nNotes\n::\n\n::mystery-box\nInside\n::\n') })
    const config = { ...fixture.config, content: { components: { 'release-card': 'src/release-card.tsx' } } }
    const out = await buildContent({ root: fixture.root, config, env: {} })
    expect(out.warnings.map((w) => w.message)).toEqual(['unknown component "mystery-box": renders in a labelled frame'])
  })

  it('keeps unknown front matter keys in meta and fills title, description and seo', async () => {
    const out = await build({ 'content/docs/4.x/1.getting-started/2.install.md': '---\ncustomKey: 42\n---\n\n# Install Fjord\n\nRun one command.\n' })
    const page = out.pages.find((p) => p.path === '/docs/4.x/getting-started/install')?.row
    expect(page).toMatchObject({
      title: 'Install Fjord',
      description: 'Run one command.',
      stem: '1.getting-started/2.install',
      meta: { customKey: 42 },
      seo: { title: 'Install Fjord', description: 'Run one command.' },
    })
  })

  it('titles pages without a title or h1 from their file or folder name', async () => {
    const out = await build({
      'content/docs/4.x/index.md': 'Just text.\n',
      'content/docs/4.x/2.deploy-targets/index.md': 'Text.\n',
      'content/docs/4.x/2.deploy-targets/3.edge-functions.md': 'Text.\n',
    })
    expect(out.pages.filter((p) => p.collection === 'docsv4').map((p) => p.row?.title)).toEqual(['Home', 'Deploy Targets', 'Edge Functions'])
  })

  it('leaves drafts out of a production build', async () => {
    const post = (draft: boolean) => md({ title: 'P', description: 'D', date: '2026-01-01', category: 'Release', image: '/a.svg', authors: [{ name: 'A' }], draft })
    const out = await build({ 'content/blog/live.md': post(false), 'content/blog/wip.md': post(true), 'public/a.svg': '<svg/>' })
    expect(out.pages.filter((p) => p.collection === 'blog').map((p) => p.path)).toEqual(['/blog/live'])
  })

  it('resolves module icons given as file names and keeps full URLs', async () => {
    const out = await build({
      'content/modules/a.yml': module('a'),
      'content/modules/b.yml': module('b').replace('icon: b.svg', 'icon: https://cdn.example.com/b.svg'),
    })
    const rows = out.collections.find((c) => c.def.name === 'modules')?.rows ?? []
    expect(rows.map((r) => r.icon)).toEqual(['/icons/modules/a.svg', 'https://cdn.example.com/b.svg'])
  })

  it('redirects folders without a page and /docs to the first page', async () => {
    const out = await build({ 'content/docs/4.x/1.getting-started/1.intro.md': intro })
    expect(out.redirects).toMatchObject({
      '/docs': '/docs/4.x/getting-started/intro',
      '/docs/4.x': '/docs/4.x/getting-started/intro',
      '/docs/4.x/getting-started': '/docs/4.x/getting-started/intro',
    })
  })

  it('slugs file names as Nuxt Content does and redirects the name as written', async () => {
    const out = await build({
      'content/docs/4.x/1.getting-started/1.intro.md': md({ title: 'Intro' }, 'See [$fetch](../2.api/$fetch.md).\n'),
      'content/docs/4.x/2.api/$fetch.md': md({ title: '$fetch' }),
      'content/docs/4.x/2.api/useFoo.md': md({ title: 'useFoo' }),
    })
    expect(out.pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/docs/4.x/api/dollarfetch', '/docs/4.x/api/usefoo']))
    expect(out.redirects).toMatchObject({ '/docs/4.x/api/$fetch': '/docs/4.x/api/dollarfetch', '/docs/4.x/api/useFoo': '/docs/4.x/api/usefoo' })
    expect(out.warnings).toEqual([])
  })

  it("makes a README its folder's page only where the folder has no index", async () => {
    const out = await build({
      'content/docs/4.x/1.guide/README.md': md({}, 'The guide.\n\nSee the [API](../2.api/README.md).\n'),
      'content/docs/4.x/2.api/index.md': md({ title: 'API' }),
      'content/docs/4.x/2.api/README.md': md({ title: 'About this folder' }),
    })
    const pages = out.pages.map((p) => [p.path, p.row?.title])
    expect(pages).toEqual(
      expect.arrayContaining([
        ['/docs/4.x/guide', 'Guide'],
        ['/docs/4.x/api', 'API'],
        ['/docs/4.x/api/readme', 'About this folder'],
      ]),
    )
    expect(out.warnings).toEqual([])
  })

  it('builds the pages of a folder hidden by navigation: false in its .navigation.yml, out of the sidebar', async () => {
    const out = await build({
      'content/docs/4.x/1.getting-started/1.intro.md': intro,
      'content/docs/4.x/2.internal/.navigation.yml': 'navigation: false\n',
      'content/docs/4.x/2.internal/1.notes.md': md({ title: 'Notes' }),
    })
    expect(out.pages.map((p) => p.path)).toContain('/docs/4.x/internal/notes')
    const nav = out.collections.find((c) => c.def.name === 'docsv4')?.navigation ?? []
    expect(JSON.stringify(nav)).not.toContain('/docs/4.x/internal')
  })

  it('gives docs pages previous and next in navigation order', async () => {
    const out = await build({
      'content/docs/4.x/1.a.md': md({ title: 'A' }),
      'content/docs/4.x/2.hidden.md': md({ title: 'Hidden', navigation: false }),
      'content/docs/4.x/3.b.md': md({ title: 'B' }),
    })
    const b = out.pages.find((p) => p.path === '/docs/4.x/b')
    expect(b?.surround).toEqual([{ title: 'A', path: '/docs/4.x/a', description: '' }, null])
  })
})

describe('module thumbnails', () => {
  const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#7c3aed"/></svg>'
  const withIcon = (name: string, iconLine: string) => module(name).replace(`icon: ${name}.svg`, iconLine)

  it("draws a module's SVG icon as an 80 px PNG named by its content, for the cards", async () => {
    const out = await build({ 'content/modules/a.yml': module('a'), 'content/modules/b.yml': withIcon('b', 'icon: a.svg'), 'public/icons/modules/a.svg': icon })
    const rows = out.collections.find((c) => c.def.name === 'modules')?.rows ?? []
    const thumbnail = String(rows.find((row) => row.name === 'a')?.thumbnail)
    expect(thumbnail).toMatch(/^\/_thumbnails\/[0-9a-f]{20}\.png$/)
    // The same icon, the same file, written once; the module keeps its SVG for its own page.
    expect(rows.find((row) => row.name === 'b')?.thumbnail).toBe(thumbnail)
    expect(rows.find((row) => row.name === 'a')?.icon).toBe('/icons/modules/a.svg')
    expect([...out.files.keys()]).toEqual([thumbnail.slice(1)])
    const png = Buffer.from(out.files.get(thumbnail.slice(1)) ?? [])
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBe(80)
    expect(png.readUInt32BE(20)).toBe(80)
  })

  it('keeps an icon given as a full URL or a bitmap, and warns about an SVG that cannot be drawn', async () => {
    const out = await build({
      'content/modules/remote.yml': withIcon('remote', 'icon: https://cdn.example.com/remote.svg'),
      'content/modules/bitmap.yml': withIcon('bitmap', 'icon: bitmap.png'),
      'content/modules/broken.yml': module('broken'),
      'public/icons/modules/bitmap.png': 'png',
      'public/icons/modules/broken.svg': '<svg',
    })
    const rows = out.collections.find((c) => c.def.name === 'modules')?.rows ?? []
    const thumbnail = (name: string) => rows.find((row) => row.name === name)?.thumbnail
    expect(thumbnail('remote')).toBe('https://cdn.example.com/remote.svg')
    expect(thumbnail('bitmap')).toBe('/icons/modules/bitmap.png')
    expect(thumbnail('broken')).toBe('/icons/modules/broken.svg')
    expect(out.files.size).toBe(0)
    expect(out.warnings).toContainEqual({
      file: 'content/modules/broken.yml',
      line: 1,
      field: 'icon',
      message: expect.stringContaining('/icons/modules/broken.svg could not be drawn'),
    })
  })
})
