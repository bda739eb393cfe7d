import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { resolveLink } from '../markdown/links'
import { readVitepressConfig } from './vitepress-config'

let tree: string | undefined
afterEach(async () => {
  if (tree) await rm(tree, { recursive: true, force: true })
  tree = undefined
})

async function createTree(files: Record<string, string>): Promise<string> {
  tree = await mkdtemp(join(tmpdir(), 'vitepress-config-'))
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(tree, file)), { recursive: true })
    await writeFile(join(tree, file), text)
  }
  return tree
}

const read = async (dir: string) => {
  const config = await readVitepressConfig(dir, join(dir, '.cache'))
  if (!config || 'error' in config) throw new Error(`not read: ${JSON.stringify(config)}`)
  return config
}

describe('reading a VitePress config', () => {
  it('evaluates its own TypeScript and JSON files and Node modules, and stands in for packages', async () => {
    const dir = await createTree({
      'package.json': JSON.stringify({ devDependencies: { vitepress: '^1.6.3' } }),
      '.vitepress/config.ts': [
        "import { defineConfig } from 'vitepress'",
        "import { version } from 'vitepress/package.json' with { type: 'json' }",
        "import { groupIconVitePlugin, groupIconMdPlugin } from 'vitepress-plugin-group-icons'",
        "import llms from '@scope/llms/vite'",
        "import { join } from 'node:path'",
        "import data from './data.json' with { type: 'json' }",
        "import { guide } from './sidebar.ts'",
        'export default defineConfig({',
        "  srcDir: './src', srcExclude: ['**/drafts/**'], cleanUrls: true, base: '/docs',",
        '  markdown: { config: (md) => md.use(groupIconMdPlugin) },',
        '  vite: { plugins: [groupIconVitePlugin({ customIcon: {} }), llms()] },',
        "  themeConfig: { nav: [{ text: version, link: '/' }, { text: data.title, link: join('/guide', 'intro') }], sidebar: guide(import.meta.dirname) },",
        '})',
      ].join('\n'),
      '.vitepress/data.json': '{ "title": "From JSON" }',
      '.vitepress/sidebar.ts': "export const guide = (dir: string) => [{ text: dir.endsWith('.vitepress') ? 'Where it lies' : dir, link: '/guide/intro' }]",
    })
    const config = await read(dir)
    expect(config).toMatchObject({ srcDir: 'src', exclude: ['**/drafts/**'], cleanUrls: true, base: '/docs/', rewrites: [], leftOut: [] })
    expect(config.nav).toEqual([
      { text: '1.6.3', link: '/' },
      { text: 'From JSON', link: '/guide/intro' },
    ])
    expect(config.sidebar).toEqual([{ text: 'Where it lies', link: '/guide/intro' }])
    expect(config.standIns).toEqual(['@scope/llms', 'vitepress-plugin-group-icons', 'vitepress/package.json'])
  })

  it('reads the additional configs of VitePress 2: the one at the source root gives the root locale its sidebar and nav', async () => {
    const dir = await createTree({
      '.vitepress/config.mts': [
        "import { defineConfig } from 'vitepress'",
        "import { markdown } from '../es/config.ts'",
        'export default defineConfig({',
        "  themeConfig: { nav: [{ text: 'Old', link: '/old' }] },",
        "  locales: { root: { label: 'English', lang: 'en-US' }, es: { label: 'Español', lang: 'es', markdown }, fa: { label: 'فارسی', lang: 'fa-IR', dir: 'rtl' } },",
        '})',
      ].join('\n'),
      'config.ts': [
        "import { defineAdditionalConfig } from 'vitepress'",
        "export default defineAdditionalConfig({ themeConfig: { nav: [{ text: 'Guide', link: '/guide/a', activeMatch: '/guide/' }], sidebar: { '/guide/': [{ text: 'A', link: '/guide/a' }] } } })",
      ].join('\n'),
      'es/config.ts': [
        "import { defineAdditionalConfig } from 'vitepress'",
        'export const markdown = { container: { tipLabel: "CONSEJO" } }',
        "export default defineAdditionalConfig({ themeConfig: { sidebar: { '/es/guide/': [{ text: 'A', link: '/es/guide/a' }] }, docFooter: { prev: 'Anterior', next: 'Siguiente' }, outline: { label: 'En esta página' }, langMenuLabel: ' ' } })",
      ].join('\n'),
      'guide/a.md': '# A\n',
    })
    const config = await read(dir)
    expect(config.nav).toEqual([{ text: 'Guide', link: '/guide/a', activeMatch: '/guide/' }])
    expect(config.sidebar).toEqual({ '/guide/': [{ text: 'A', link: '/guide/a' }] })
    expect(config.locales).toEqual([
      { key: 'root', label: 'English', lang: 'en-US', folder: '', ui: {} },
      {
        key: 'es',
        label: 'Español',
        lang: 'es',
        folder: 'es',
        sidebar: { '/es/guide/': [{ text: 'A', link: '/es/guide/a' }] },
        // The words its theme translates, as this site's interface names them (an empty one is none).
        ui: { previous: 'Anterior', next: 'Siguiente', onThisPage: 'En esta página' },
        nav: [{ text: 'Guide', link: '/guide/a', activeMatch: '/guide/' }],
      },
      {
        key: 'fa',
        label: 'فارسی',
        lang: 'fa-IR',
        dir: 'rtl',
        folder: 'fa',
        sidebar: { '/guide/': [{ text: 'A', link: '/guide/a' }] },
        ui: {},
        nav: [{ text: 'Guide', link: '/guide/a', activeMatch: '/guide/' }],
      },
    ])
    expect(config.leftOut).toEqual(['es', 'fa'])
    expect(config.standIns).toEqual([])
  })

  it('calls `rewrites` given as a function for each page, as VitePress does', async () => {
    const dir = await createTree({
      '.vitepress/config.js': "export default { rewrites: (id) => id.replace(/^en\\//, '') }",
      'en/index.md': '# Home\n',
      'en/guide/a.md': '# A\n',
      'other.md': '# Other\n',
    })
    expect((await read(dir)).rewrites).toEqual([
      ['en/guide/a.md', 'guide/a.md'],
      ['en/index.md', 'index.md'],
    ])
  })

  it('says where a config cannot be read, and skips an additional config that cannot be read, as VitePress does', async () => {
    const broken = await createTree({ '.vitepress/config.ts': 'export default {\n  title: ,\n}\n' })
    const error = await readVitepressConfig(broken, join(broken, '.cache'))
    expect(error).toEqual({ file: join(broken, '.vitepress/config.ts'), error: expect.stringMatching(/config\.ts:2: .+/) })
    await rm(broken, { recursive: true, force: true })

    const dir = await createTree({ '.vitepress/config.ts': 'export default {}', 'guide/config.js': 'throw new Error("needs a server")' })
    expect((await read(dir)).skipped).toEqual([{ file: join(dir, 'guide/config.js'), error: 'needs a server' }])
  })

  it('has no config where the tree has none', async () => {
    expect(await readVitepressConfig(await createTree({ 'index.md': '# Home\n' }), tmpdir())).toBeUndefined()
  })
})

describe('links in a tree served under a base', () => {
  const link = { fileDir: 'guide', prefix: '/docs/4.x', docsVersionPath: '/docs/4.x', docsVersionPaths: ['/docs/4.x'], vitepress: true, base: '/docs/' }

  it('takes the base off a root link written with it', () => {
    expect(resolveLink('/docs/guide/a', link)).toBe('/docs/4.x/guide/a')
    expect(resolveLink('/docs/', link)).toBe('/docs/4.x')
    expect(resolveLink('/guide/a.html#x', link)).toBe('/docs/4.x/guide/a#x')
    expect(resolveLink('../', link)).toBe('/docs/4.x')
  })
})
