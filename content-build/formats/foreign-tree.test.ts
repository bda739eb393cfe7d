import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { isRecord } from '../../src/contract/is-record'
import { createFixture, type Fixture } from '../../testing/fixture-site'
import { buildContent } from '../build'
import { ContentBuildError } from '../errors'
import { parseMarkdown } from '../markdown'
import { writeOutputs } from '../outputs/write'

let fixture: Fixture | undefined
afterEach(async () => {
  await fixture?.cleanup()
  fixture = undefined
})

/**
 * A docs tree written for a Nuxt Content-style site, with the constructs such trees
 * really use, pointed at by DOCS_V4_DIR. It must build, not crash.
 */
const tree: Record<string, string> = {
  'index.md': '# Welcome\n\nNo front matter at all.\n',
  '1.getting-started/.navigation.yml': 'navigation:\n  title: Get Started\n  icon: i-ph-rocket\n',
  '1.getting-started/1.introduction.md': [
    '---',
    'navigation.icon: i-ph-house',
    'seo:',
    '  title: Intro',
    'links:',
    '  - label: Source',
    '    to: https://example.com',
    '---',
    '',
    '# Introduction',
    '',
    'Read [installation](./2.installation.md) or [the guide](/docs/guide/directory-structure/app/assets).',
    '',
    '<!-- An HTML comment the author left. -->',
    '',
    '::code-group',
    '```bash [npm]',
    'npm i fjord',
    '```',
    '```bash [pnpm]',
    'pnpm add fjord',
    '```',
    '::',
    '',
    '::callout',
    '---',
    'icon: i-ph-lightbulb',
    'to: /docs/getting-started/installation',
    '---',
    'Props in a YAML block.',
    '::',
    '',
    '::card-group',
    ':::card{title="A" to="/docs/guide"}',
    'Nested with more colons.',
    ':::',
    '::',
    '',
    'Inline :badge{label="New"} and :u-button{to="/docs/nowhere"} and `const x = 1`{lang="ts"}.',
    '',
    '| Option | Type |',
    '|---|---|',
    '| `a \\| b` | `string` |',
    '',
    'A footnote.[^1]',
    '',
    '[^1]: The note.',
    '',
    '```',
    'no language',
    '```',
    '',
    '```nginx-conf [nginx.conf]',
    'server { listen 80; }',
    '```',
    '',
    '```ts twoslash',
    'const a: number = 1',
    '```',
    '',
    '::field{name="ssr" type="boolean"}',
    '#description',
    'Slot content.',
    '::',
    '',
    '## Same',
    '',
    '## Same',
    '',
  ].join('\n'),
  '1.getting-started/2.installation.md': '---\ntitle: Installation\n---\n\nSee the [blog](/blog/not-here).\n',
  '1.getting-started/3.empty.md': '',
  '1.getting-started/4.only-front-matter.md': '---\ntitle: Only front matter\n---\n',
  '2.guide/index.md': '---\ntitle: Guide\n---\n',
  '2.guide/3.directory-structure/1.app/1.assets.md': '---\ntitle: Assets\ndate: 2024-01-01\n---\n\n### Deep heading first\n',
  '2.guide/3.directory-structure/1.app/.navigation.yml': 'title: app\nicon: i-ph-folder\n',
  '2.guide/notes.txt': 'Not content: ignored.',
  '2.guide/diagram.png': 'binary-ish',
}

describe('a foreign Nuxt Content-style docs tree', () => {
  it('builds, reporting dead links and unknown components as warnings', async () => {
    fixture = await createFixture(Object.fromEntries(Object.entries(tree).map(([path, text]) => [`other/docs/${path}`, text])))
    // An imported tree (its folder from DOCS_V4_DIR) reports dead links as warnings by default.
    const out = await buildContent({ root: fixture.root, config: fixture.config, env: { DOCS_V4_DIR: 'other/docs' } })
    expect(out.brokenLinks).toBe(2)

    const docs = out.pages.filter((p) => p.collection === 'docsv4')
    expect(docs.map((p) => p.path)).toEqual([
      '/docs/4.x',
      '/docs/4.x/getting-started/introduction',
      '/docs/4.x/getting-started/installation',
      '/docs/4.x/getting-started/empty',
      '/docs/4.x/getting-started/only-front-matter',
      '/docs/4.x/guide',
      '/docs/4.x/guide/directory-structure/app/assets',
    ])
    expect(out.warnings.map((w) => `${w.file}:${w.line} ${w.message}`)).toEqual([
      'other/docs/1.getting-started/1.introduction.md:39 unknown component "u-button": renders in a labelled frame',
      'other/docs/1.getting-started/1.introduction.md:39 broken link "/docs/4.x/nowhere": no page, route or file has the path /docs/4.x/nowhere',
      'other/docs/1.getting-started/2.installation.md:5 broken link "/blog/not-here": no page, route or file has the path /blog/not-here',
    ])
    const nav = out.collections.find((c) => c.def.name === 'docsv4')?.navigation ?? []
    expect(nav.map((n) => n.title)).toEqual(['Welcome', 'Get Started', 'Guide'])
    expect(nav[1]?.icon).toBe('i-ph-rocket')

    const intro = docs.find((p) => p.path.endsWith('/introduction'))?.row
    expect(intro?.meta).toEqual({ 'navigation.icon': 'i-ph-house' })
    const body = intro?.body
    if (!body || typeof body !== 'object' || !('value' in body) || typeof body.value !== 'string') throw new Error('no body')
    expect(body.value).toContain('[installation](/docs/4.x/getting-started/installation)')
    expect(body.value).toContain('to: /docs/4.x/getting-started/installation')
    // The stored Markdown must parse back to the same components.
    const reparsed = JSON.stringify(parseMarkdown(body.value))
    expect(reparsed).toContain('"name":"card-group"')
    expect(reparsed).toContain('"name":"field"')
  })

  it("holds the project's own links into an imported version to the imported rule: that tree decides what exists there", async () => {
    fixture = await createFixture({
      ...Object.fromEntries(Object.entries(tree).map(([path, text]) => [`other/docs/${path}`, text])),
      'content/docs/3.x/1.intro.md': '---\ntitle: Intro\n---\n\nRead [the 4.x upgrade guide](/docs/4.x/getting-started/upgrade) and [missing](/docs/3.x/nowhere).\n',
    })
    const error = await buildContent({ root: fixture.root, config: fixture.config, env: { DOCS_V4_DIR: 'other/docs' } }).catch((e: unknown) => e)
    // The 3.x page's own dead link still fails the build; its link into the imported 4.x tree is a warning.
    expect(error instanceof ContentBuildError && error.issues.map((i) => `${i.file}:${i.line} ${i.message}`)).toEqual([
      'content/docs/3.x/1.intro.md:5 broken link "/docs/3.x/nowhere": no page, route or file has the path /docs/3.x/nowhere',
    ])
  })

  it("fails on the same dead links when imported trees are held to the strict setting, as the project's own content is", async () => {
    fixture = await createFixture(Object.fromEntries(Object.entries(tree).map(([path, text]) => [`other/docs/${path}`, text])))
    await expect(buildContent({ root: fixture.root, config: fixture.config, env: { DOCS_V4_DIR: 'other/docs' }, importedBrokenLinks: 'error' })).rejects.toThrow('2 errors')
    await fixture.cleanup()
    // The same tree as the project's own content (no environment override) fails by default.
    fixture = await createFixture(Object.fromEntries(Object.entries(tree).map(([path, text]) => [`content/docs/4.x/${path}`, text])))
    await expect(buildContent({ root: fixture.root, config: fixture.config, env: {} })).rejects.toThrow('2 errors')
  })
})

describe('a VitePress docs tree', () => {
  it('builds the tree `vitepress init` scaffolds as it is, its sidebar from its own config', async () => {
    fixture = await createFixture()
    const tree = resolve(import.meta.dirname, '../fixtures/vitepress-init')
    const out = await buildContent({ root: fixture.root, config: fixture.config, env: { DOCS_V4_DIR: tree } })
    // Its Vue blocks and interpolations, which this site does not run, are the Markdown transform's to report.
    expect(out.warnings.filter((w) => w.file.startsWith(tree) && !w.message.startsWith('Vue '))).toEqual([])
    const docs = out.pages.filter((p) => p.collection === 'docsv4')
    expect(docs.map((p) => p.path).sort()).toEqual(['/docs/4.x', '/docs/4.x/api-examples', '/docs/4.x/markdown-examples'])
    expect(out.collections.find((c) => c.def.name === 'docsv4')?.navigation).toEqual([
      {
        title: 'Examples',
        path: '/docs/4.x',
        children: [
          { title: 'Markdown Examples', path: '/docs/4.x/markdown-examples' },
          { title: 'Runtime API Examples', path: '/docs/4.x/api-examples' },
        ],
      },
    ])
    // Its home page (layout: home) is named by its hero, whose actions link into the version.
    const home = docs.find((p) => p.path === '/docs/4.x')?.row
    expect(home?.title).toBe('My Awesome Project')
    expect(home?.description).toBe('A VitePress Site. My great project tagline')
    expect((home?.meta as { hero: { actions: { link: string }[] } }).hero.actions.map((a) => a.link)).toEqual(['/docs/4.x/markdown-examples', '/docs/4.x/api-examples'])
    const examples = docs.find((p) => p.path === '/docs/4.x/markdown-examples')?.row?.body
    if (!examples || typeof examples !== 'object' || !('value' in examples) || typeof examples.value !== 'string') throw new Error('no body')
    // Its containers are the renderer's callouts; inside a fenced example they stay text.
    expect(examples.value).toContain('::note\nThis is an info box.\n::')
    expect(examples.value).toContain('::caution\nThis is a dangerous warning.\n::')
    expect(examples.value).toContain('```md\n::: info\n')
  })

  it('reads a TypeScript config that imports its own files and packages, maps its links into the version and reports what is missing', async () => {
    fixture = await createFixture({
      'vp/.vitepress/config.ts': [
        "import { defineConfig } from 'vitepress'",
        "import { resolve } from 'node:path'",
        "import mdPlugin from 'markdown-it-some-plugin'",
        "import { guide } from './sidebar'",
        'export default defineConfig({',
        '  markdown: { config: (md: unknown) => mdPlugin(md, { root: resolve("..") }) },',
        "  themeConfig: { sidebar: { '/guide/': guide(), '/reference/': { base: '/reference/', items: [{ text: 'Reference', items: [{ text: 'CLI', link: 'cli' }] }] } } },",
        '})',
      ].join('\n'),
      'vp/.vitepress/sidebar.ts': [
        'export const guide = () => [',
        "  { text: 'Introduction', collapsed: false, items: [{ text: 'What is it?', link: '/guide/what-is-it.html' }, { text: 'Getting started', link: '/guide/getting-started' }] },",
        "  { text: 'Writing', collapsed: true, items: [{ text: 'Routing', link: '/guide/routing#params' }, { text: 'Gone', link: '/guide/gone' }] },",
        ']',
      ].join('\n'),
      'vp/index.md': '# Home\n\nStart with [the guide](/guide/what-is-it.html).\n',
      'vp/guide/what-is-it.md': '# What is it?\n\n[[toc]]\n\n## Why <Badge type="tip" text="new" /> {#why}\n\nSee [routing](./routing.md#params) and [the CLI](/reference/cli).\n',
      'vp/guide/getting-started.md': '# Getting started\n\n::: warning Heads up\nNode 20 or newer.\n:::\n',
      'vp/guide/routing.md': '# Routing\n\n## Params\n\nBack to [why](/guide/what-is-it#why).\n',
      'vp/reference/cli.md': '# CLI\n',
    })
    const out = await buildContent({ root: fixture.root, config: fixture.config, env: { DOCS_V4_DIR: 'vp' } })
    expect(out.brokenLinks).toBe(0)
    expect(out.warnings.map((w) => w.message)).toEqual([
      "the config's imports of markdown-it-some-plugin were stood in for (packages are not loaded here): settings that come from them are not read",
      'sidebar link "/guide/gone" is not a page of the tree: left out of the sidebar',
    ])
    expect(out.collections.find((c) => c.def.name === 'docsv4')?.navigation).toEqual([
      {
        title: 'Introduction',
        path: '/docs/4.x/guide',
        defaultOpen: true,
        children: [
          { title: 'What is it?', path: '/docs/4.x/guide/what-is-it' },
          { title: 'Getting started', path: '/docs/4.x/guide/getting-started' },
        ],
      },
      { title: 'Writing', path: '/docs/4.x/guide', defaultOpen: false, children: [{ title: 'Routing', path: '/docs/4.x/guide/routing' }] },
      { title: 'Reference', path: '/docs/4.x/reference', children: [{ title: 'CLI', path: '/docs/4.x/reference/cli' }] },
    ])
  })

  it('falls back to the files when the config cannot be read, and says why', async () => {
    fixture = await createFixture({ 'vp/.vitepress/config.mjs': 'export default {{ broken', 'vp/index.md': '# Home\n', 'vp/guide.md': '# Guide\n' })
    const out = await buildContent({ root: fixture.root, config: fixture.config, env: { DOCS_V4_DIR: 'vp' } })
    expect(out.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^the VitePress config could not be read \(.+config\.mjs:1: .+\): the tree is built with VitePress' defaults and the sidebar follows the files$/),
    ])
    expect(out.collections.find((c) => c.def.name === 'docsv4')?.navigation?.map((n) => n.path)).toEqual(['/docs/4.x', '/docs/4.x/guide'])
  })
})

/** Builds a VitePress tree written under `vp/` of a fixture, as DOCS_V4_DIR=vp would. */
async function buildVitepress(files: Record<string, string>) {
  fixture = await createFixture(Object.fromEntries(Object.entries(files).map(([path, text]) => [`vp/${path}`, text])))
  const out = await buildContent({ root: fixture.root, config: fixture.config, env: { DOCS_V4_DIR: 'vp' } })
  const docs = out.pages.filter((p) => p.collection === 'docsv4')
  const body = (path: string) => {
    const value = docs.find((p) => p.path === path)?.row?.body
    return isRecord(value) && typeof value.value === 'string' ? value.value : ''
  }
  return { out, paths: docs.map((p) => p.path).sort(), body, navigation: out.collections.find((c) => c.def.name === 'docsv4')?.navigation }
}

describe("a VitePress tree's config", () => {
  it('puts each page where its rewrites say, resolves its relative links from there and names the real file in warnings', async () => {
    const { out, paths, body } = await buildVitepress({
      '.vitepress/config.ts': "export default { rewrites: { 'en/:rest*': ':rest*', 'packages/:pkg/src/(.*)': ':pkg/:0' } }",
      'en/index.md': '# Home\n\nRead [the guide](./guide/a.md).\n',
      'en/guide/a.md': '# A\n\nSee [B](./b.md), [home](../), [the API](../pkg-x/api.md) and [gone](./gone.md).\n',
      'en/guide/b.md': '# B\n',
      'packages/pkg-x/src/api.md': '# API\n\nBack to [A](../guide/a.md).\n',
    })
    expect(paths).toEqual(['/docs/4.x', '/docs/4.x/guide/a', '/docs/4.x/guide/b', '/docs/4.x/pkg-x/api'])
    expect(body('/docs/4.x/guide/a')).toContain('[B](/docs/4.x/guide/b), [home](/docs/4.x), [the API](/docs/4.x/pkg-x/api)')
    expect(body('/docs/4.x/pkg-x/api')).toContain('[A](/docs/4.x/guide/a)')
    expect(out.warnings.filter((w) => w.message.includes('broken link')).map((w) => `${w.file}:${w.line}`)).toEqual(['vp/en/guide/a.md:3'])
  })

  it('reads pages from srcDir, without what srcExclude names', async () => {
    const { paths } = await buildVitepress({
      '.vitepress/config.mjs': "export default { srcDir: 'src', srcExclude: ['**/drafts/**', 'notes.md'] }",
      'README.md': '# Not a page: outside srcDir\n',
      'src/index.md': '# Home\n',
      'src/notes.md': '# Notes\n',
      'src/guide/a.md': '# A\n',
      'src/guide/drafts/b.md': '# B\n',
    })
    expect(paths).toEqual(['/docs/4.x', '/docs/4.x/guide/a'])
  })

  it('reads snippets from srcDir (what @ stands for) on a rewritten page, and takes base off its root links', async () => {
    const { out, body } = await buildVitepress({
      '.vitepress/config.mjs': "export default { srcDir: 'src', base: '/site/', rewrites: { 'en/:rest*': ':rest*' } }",
      'src/snippets/port.ts': 'export const port = 3000\n',
      'src/en/guide/a.md': '# A\n\n<<< @/snippets/port.ts\n\n<<< ../../snippets/port.ts\n\nSee [B](/site/guide/b).\n',
      'src/en/guide/b.md': '# B\n',
    })
    expect(out.warnings).toEqual([])
    expect(body('/docs/4.x/guide/a').match(/port = 3000/g)).toHaveLength(2)
    expect(body('/docs/4.x/guide/a')).toContain('[B](/docs/4.x/guide/b)')
  })

  it('resolves links written with .html whether or not cleanUrls is on, and keeps cleanUrls and base with the tree', async () => {
    for (const cleanUrls of [false, true]) {
      const { out, body } = await buildVitepress({
        '.vitepress/config.ts': `export default { cleanUrls: ${cleanUrls}, base: '/docs/' }`,
        'guide/a.md': '# A\n\nSee [B](./b.html#top), [B again](/guide/b.html) and [B clean](./b).\n',
        'guide/b.md': '# B\n\n## Top\n',
      })
      expect(out.brokenLinks).toBe(0)
      expect(body('/docs/4.x/guide/a')).toContain('[B](/docs/4.x/guide/b#top), [B again](/docs/4.x/guide/b) and [B clean](/docs/4.x/guide/b)')
      expect(out.collections.find((c) => c.def.name === 'docsv4')?.def.vitepress).toMatchObject({ cleanUrls, base: '/docs/' })
      await fixture?.cleanup()
    }
  })

  it('leaves the locales other than root out of the build, pages and sidebar, with one warning', async () => {
    const { out, paths, navigation } = await buildVitepress({
      '.vitepress/config.ts': [
        'export default {',
        "  locales: { root: { label: 'English', lang: 'en' }, es: { label: 'Español', lang: 'es' }, fa: { label: 'فارسی', lang: 'fa-IR', dir: 'rtl' } },",
        "  themeConfig: { sidebar: { '/guide/': [{ text: 'Guide', items: [{ text: 'A', link: '/guide/a' }] }], '/es/guide/': [{ text: 'Guía', items: [{ text: 'A', link: '/es/guide/a' }] }] } },",
        '}',
      ].join('\n'),
      'index.md': '# Home\n',
      'guide/a.md': '# A\n',
      'es/index.md': '# Inicio\n',
      'es/guide/a.md': '# A\n',
      'fa/index.md': '# خانه\n',
    })
    expect(paths).toEqual(['/docs/4.x', '/docs/4.x/guide/a'])
    expect(navigation).toEqual([{ title: 'Guide', path: '/docs/4.x/guide', children: [{ title: 'A', path: '/docs/4.x/guide/a' }] }])
    expect(out.warnings.filter((w) => w.message.includes('locales'))).toEqual([
      {
        file: 'vp/.vitepress/config.ts',
        message:
          "locales es (Español), fa (فارسی) are left out of this build, their folders' pages and sidebars with them: the site's locales do not translate this version from their folders",
      },
    ])
  })

  it("makes a path's list that is one group of the nav item's own name that group, open", async () => {
    const { navigation } = await buildVitepress({
      '.vitepress/config.ts': [
        'export default { themeConfig: {',
        "  nav: [{ text: 'Reference', link: '/reference/cli', activeMatch: '/reference/' }],",
        "  sidebar: { '/reference/': { base: '/reference/', items: [{ text: 'Reference', collapsed: true, items: [{ text: 'CLI', link: 'cli' }] }] } },",
        '} }',
      ].join('\n'),
      'reference/cli.md': '# CLI\n',
    })
    expect(navigation).toEqual([{ title: 'Reference', path: '/docs/4.x/reference', defaultOpen: true, children: [{ title: 'CLI', path: '/docs/4.x/reference/cli' }] }])
  })

  it("titles a sidebar by path with the nav's items, in the nav's order", async () => {
    const { navigation } = await buildVitepress({
      '.vitepress/config.ts': [
        'export default { themeConfig: {',
        "  nav: [{ text: 'Guide', link: '/guide/intro', activeMatch: '/guide/' }, { text: 'More', items: [{ text: 'Reference', link: '/reference/cli' }] }],",
        '  sidebar: {',
        "    '/reference/': { base: '/reference/', items: [{ text: 'Commands', items: [{ text: 'CLI', link: 'cli' }] }] },",
        "    '/guide/': [{ text: 'Start', collapsed: true, items: [{ text: 'Intro', link: '/guide/intro' }] }, { text: 'See the CLI', base: '/reference/', link: 'cli' }],",
        '  },',
        '} }',
      ].join('\n'),
      'guide/intro.md': '# Intro\n',
      'reference/cli.md': '# CLI\n',
    })
    expect(navigation).toEqual([
      {
        title: 'Guide',
        path: '/docs/4.x/guide',
        children: [
          { title: 'Start', path: '/docs/4.x/guide', defaultOpen: false, children: [{ title: 'Intro', path: '/docs/4.x/guide/intro' }] },
          { title: 'See the CLI', path: '/docs/4.x/reference/cli' },
        ],
      },
      {
        title: 'Reference',
        path: '/docs/4.x/reference',
        children: [{ title: 'Commands', path: '/docs/4.x/reference', children: [{ title: 'CLI', path: '/docs/4.x/reference/cli' }] }],
      },
    ])
  })
})

describe("a docs tree's own static files", () => {
  it("are checked and copied beside the site's (which win): a VitePress tree's public/, a Nuxt project's", async () => {
    fixture = await createFixture({
      'vp/.vitepress/config.mjs': 'export default {}\n',
      'vp/public/search.png': 'vitepress image',
      'vp/public/og.png': 'the tree’s social image',
      'vp/public/pure.html': '<p>Not a VitePress page</p>',
      'vp/guide/search.md': '# Search\n\n![The search modal](/search.png)\n\n[A page it does not build](/pure.html){target="_self"}\n',
      'nuxt/content.config.ts': 'export default {}\n',
      'nuxt/public/home/hero.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'nuxt/content/docs/1.start.md': '# Start\n\n![Hero](/home/hero.svg) and ![gone](/home/gone.svg)\n',
    })
    const vitepress = await buildContent({ root: fixture.root, config: fixture.config, env: { DOCS_V4_DIR: 'vp' } })
    expect(vitepress.warnings).toEqual([])
    expect(JSON.stringify(vitepress.pages.find((p) => p.path === '/docs/4.x/guide/search')?.row?.body)).toContain('(/pure.html){target=\\"_self\\"}')
    expect(vitepress.publicDirs).toEqual([join(fixture.root, 'vp/public')])
    const out = join(fixture.root, 'dist')
    await mkdir(out, { recursive: true })
    await writeFile(join(out, 'og.png'), 'the site’s social image')
    await writeOutputs(vitepress, out, fixture.config, 1)
    expect(await readFile(join(out, 'search.png'), 'utf8')).toBe('vitepress image')
    expect(await readFile(join(out, 'og.png'), 'utf8')).toBe('the site’s social image')

    const nuxt = await buildContent({ root: fixture.root, config: fixture.config, env: { DOCS_V4_DIR: 'nuxt/content/docs' } })
    expect(nuxt.publicDirs).toEqual([join(fixture.root, 'nuxt/public')])
    expect(nuxt.warnings.map((w) => w.message)).toEqual(['image "/home/gone.svg" does not exist in public/'])
  })
})
