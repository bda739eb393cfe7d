import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'

import siteConfig from '../../site.config'
import { localeSchema, type SiteConfig } from '../../src/contract/site-schema'
import { resolveLink, rootedLink } from '../markdown/links'
import { withTreeLocales } from './tree-locales'

let tree: string | undefined
afterEach(async () => {
  if (tree) await rm(tree, { recursive: true, force: true })
  tree = undefined
})

/** A VitePress tree with a Spanish and a Persian locale (the Spanish one's theme translated) and a code the site reserves. */
async function createTree(locales = "es: { label: 'Español', lang: 'es' }, fa: { label: 'فارسی', lang: 'fa-IR', dir: 'rtl' }"): Promise<string> {
  tree = await mkdtemp(join(tmpdir(), 'tree-locales-'))
  const files = {
    '.vitepress/config.ts': `export default { locales: { root: { label: 'English', lang: 'en-US' }, ${locales} } }`,
    'es/config.ts': "export default { themeConfig: { docFooter: { prev: 'Anterior', next: 'Siguiente' }, outline: { label: 'En esta página' } } }",
    'index.md': '# Home\n',
    'es/index.md': '# Inicio\n',
    'fa/index.md': '# خانه\n',
  }
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(tree, file)), { recursive: true })
    await writeFile(join(tree, file), text)
  }
  return tree
}

type LocaleInput = z.input<typeof localeSchema>
/** The project's config with one docs version, read in the locales given (English alone by default). */
const siteWith = ({ locales = [{ code: 'en', label: 'English', lang: 'en' }] }: { locales?: LocaleInput[] } = {}): SiteConfig => ({
  ...siteConfig,
  docs: { ...siteConfig.docs, versions: siteConfig.docs.versions.slice(0, 1) },
  locales: locales.map((l) => localeSchema.parse(l)),
})

describe("a docs tree's locales", () => {
  it("become the site's locales, each translating the version from its folder, in its theme's words", async () => {
    const dir = await createTree()
    const { config, skipped } = await withTreeLocales(siteWith(), { root: '/', env: { DOCS_V4_DIR: dir } })
    expect(skipped).toEqual([])
    expect(config.locales.map((l) => [l.code, l.label, l.lang, l.dir, l.docs['4.x']])).toEqual([
      ['en', 'English', 'en', 'ltr', undefined],
      ['es', 'Español', 'es', 'ltr', join(dir, 'es')],
      ['fa', 'فارسی', 'fa-IR', 'rtl', join(dir, 'fa')],
    ])
    expect(config.locales[1]?.ui).toEqual({ previous: 'Anterior', next: 'Siguiente', onThisPage: 'En esta página' })
  })

  it('leave a locale the config names as it says, giving it only the folder and words it lacks', async () => {
    const dir = await createTree()
    const own = siteWith({
      locales: [
        { code: 'en', label: 'English', lang: 'en' },
        { code: 'es', label: 'Castellano', lang: 'es-ES', ui: { next: 'Próxima' } },
      ],
    })
    const { config } = await withTreeLocales(own, { root: '/', env: { DOCS_V4_DIR: dir } })
    const es = config.locales.find((l) => l.code === 'es')
    expect([es?.label, es?.lang, es?.docs['4.x'], es?.ui.next, es?.ui.previous]).toEqual(['Castellano', 'es-ES', join(dir, 'es'), 'Próxima', 'Anterior'])
  })

  it("replace the config's translations of a version read from elsewhere, unless their own variable points them too", async () => {
    const dir = await createTree("fa: { label: 'فارسی', lang: 'fa-IR', dir: 'rtl' }")
    const own = siteWith({
      locales: [
        { code: 'en', label: 'English', lang: 'en' },
        { code: 'es', label: 'Español', lang: 'es', docs: { '4.x': 'content/es/docs/4.x' } },
      ],
    })
    // The config's Spanish folder translates its own docs, not the tree DOCS_V4_DIR names: it is not offered.
    const imported = await withTreeLocales(own, { root: '/', env: { DOCS_V4_DIR: dir } })
    expect(imported.config.locales.map((l) => l.code)).toEqual(['en', 'fa'])
    const pointed = await withTreeLocales(own, { root: '/', env: { DOCS_V4_DIR: dir, DOCS_V4_DIR_ES: '/elsewhere/es' } })
    expect(pointed.config.locales.map((l) => `${l.code} ${l.docs['4.x'] ?? ''}`)).toEqual(['en ', 'es content/es/docs/4.x', `fa ${join(dir, 'fa')}`])
    // Without the variable, the config is read as it is.
    expect((await withTreeLocales(own, { root: '/', env: {} })).config.locales).toEqual(own.locales)
  })

  it('say which locale cannot be one of the site, and why, and build the others', async () => {
    const dir = await createTree("api: { label: 'API', lang: 'en' }, 'pt_BR': { label: 'Português', lang: 'pt-BR' }, es: { label: 'Español', lang: 'es' }")
    const { config, skipped } = await withTreeLocales(siteWith(), { root: '/', env: { DOCS_V4_DIR: dir } })
    expect(config.locales.map((l) => l.code)).toEqual(['en', 'es'])
    expect(skipped.map((s) => `${s.key}: ${s.reason}`)).toEqual([
      'api: its code "api" is a path of the site itself (/api/...)',
      'pt_BR: code: must be a lowercase language code such as es or pt-br',
    ])
  })
})

describe("links in a VitePress tree's locales", () => {
  const ctx = {
    fileDir: 'guide',
    prefix: '/es/docs/4.x',
    docsVersionPath: '/es/docs/4.x',
    docsVersionPaths: ['/docs/4.x', '/es/docs/4.x'],
    vitepress: true,
    locales: [{ folder: 'es', path: '/es/docs/4.x' }],
    rootPath: '/docs/4.x',
  }

  it("lead into the locale's pages when written into its folder, and to the root locale's otherwise", () => {
    expect(resolveLink('/es/guide/routing#x', ctx)).toBe('/es/docs/4.x/guide/routing#x')
    expect(resolveLink('/es/', ctx)).toBe('/es/docs/4.x')
    expect(resolveLink('/guide/routing', ctx)).toBe('/docs/4.x/guide/routing')
    expect(resolveLink('./deploy', ctx)).toBe('/es/docs/4.x/guide/deploy')
  })

  it("are read from the root in a theme's sidebar and home page, as VitePress reads them", () => {
    expect(rootedLink('fa/guide/what-is-vitepress')).toBe('/fa/guide/what-is-vitepress')
    expect(rootedLink('./guide/a?x=1#b')).toBe('/guide/a?x=1#b')
    expect(rootedLink('/guide/a')).toBe('/guide/a')
    expect(rootedLink('https://vitepress.dev')).toBe('https://vitepress.dev')
  })
})
