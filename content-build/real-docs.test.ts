import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isRecord } from '../src/contract/is-record'
import type { SiteConfig } from '../src/contract/site-schema'
import { createFixture, type Fixture } from '../testing/fixture-site'
import { realDocsMissing, type RealTree, realTrees } from '../testing/real-docs'
import { buildContent, type BuildOutput } from './build'
import { formatIssue } from './errors'
import { withTreeLocales } from './formats/tree-locales'

/**
 * The real documentation trees (testing/real-docs.ts), each built unchanged as the 4.x
 * docs, as a team would point DOCS_V4_DIR at it. Every warning left is listed here,
 * checked by hand against the tree and its own site.
 */
const built = new Map<RealTree, { out: BuildOutput; fixture: Fixture; config: SiteConfig }>()

beforeAll(async () => {
  if (realDocsMissing) return
  for (const tree of Object.keys(realTrees) as RealTree[]) {
    const fixture = await createFixture()
    const env = { DOCS_V4_DIR: realTrees[tree] }
    // As `DOCS_V4_DIR=… npm run build` reads the config: with the locales the tree brings.
    const { config, skipped } = await withTreeLocales(fixture.config, { root: fixture.root, env })
    expect(skipped).toEqual([])
    built.set(tree, { fixture, config, out: await buildContent({ root: fixture.root, config, env }) })
  }
}, 120_000)
afterAll(() => Promise.all([...built.values()].map(({ fixture }) => fixture.cleanup())))

/** A translation's file in the VitePress tree (its warnings are checked apart from the English pages'). */
const LOCALE_FOLDER = /^(es|fa|ja|ko|pt|ru|zh)\//

function site(tree: RealTree) {
  const found = built.get(tree)
  if (!found) throw new Error(`${tree} was not built`)
  const { out, config } = found
  const docs = out.pages.filter((page) => page.collection === 'docsv4')
  return {
    out,
    config,
    paths: docs.map((page) => page.path),
    warnings: out.warnings
      .filter((warning) => !LOCALE_FOLDER.test(warning.file.replace(`${realTrees[tree]}/`, '')))
      .map((warning) => formatIssue({ ...warning, file: warning.file.replace(`${realTrees[tree]}/`, '') })),
    navigation: out.collections.find((c) => c.def.name === 'docsv4')?.navigation ?? [],
    toc: (path: string) => {
      const body = docs.find((page) => page.path === path)?.row?.body
      return isRecord(body) && Array.isArray(body.toc) ? body.toc.map((entry: unknown) => (isRecord(entry) ? entry.id : undefined)) : []
    },
  }
}

describe.skipIf(Boolean(realDocsMissing))(`real docs trees built unchanged (${realDocsMissing ?? 'from testing/real-docs.ts'})`, () => {
  it("Nuxt Content's docs: every page, its own heading ids and sidebar, and only warnings nuxt.com would have too", () => {
    const { paths, warnings, navigation, toc } = site('nuxtContent')
    expect(paths).toHaveLength(40)
    expect(paths).toContain('/docs/4.x/getting-started/installation')
    expect(navigation.map((item) => item.title)).toEqual(['Getting Started', 'Collections', 'Files', 'Query Utils', 'Components', 'Deploy', 'Integrations', 'Advanced'])
    // GitHub's rule, as nuxt.com gives them.
    expect(toc('/docs/4.x/getting-started/configuration')).toEqual(expect.arrayContaining(['build', 'pathmetaforceleadingslash', 'experimentalsqliteconnector']))
    expect(toc('/docs/4.x/collections/sources')).toContain('include-required')
    expect(warnings).toEqual([
      // Components of nuxt.com's own app (its components/content/Example*.vue), not part of the docs tree: drawn in a labelled frame.
      '3.files/1.markdown.md:193  unknown component "example-card": renders in a labelled frame',
      '3.files/1.markdown.md:228  unknown component "example-hero": renders in a labelled frame',
      '3.files/1.markdown.md:260  unknown component "example-title": renders in a labelled frame',
      '3.files/1.markdown.md:306  unknown component "example-alert": renders in a labelled frame',
      '3.files/1.markdown.md:396  unknown component "example-icon-card": renders in a labelled frame',
      '8.advanced/1.fulltext-search.md:84  unknown component "example-fulltext-mini-search": renders in a labelled frame',
      '8.advanced/1.fulltext-search.md:128  unknown component "example-fulltext-fusejs": renders in a labelled frame',
      '8.advanced/1.fulltext-search.md:157  unknown component "example-fulltext-content-search": renders in a labelled frame',
      // The prose page has a `ProseCode` heading, not `ProseCodeInline`: broken on nuxt.com too.
      '3.files/1.markdown.md:499  link: broken anchor "#prosecodeinline": /docs/4.x/components/prose has no heading with that id',
    ])
  })

  it("VitePress's docs: the English pages at the root, the config's sidebar under its nav, VitePress's heading ids, and only warnings vitepress.dev would have too", () => {
    const { out, paths, warnings, navigation, toc } = site('vitepress')
    expect(paths).toHaveLength(36)
    expect(paths).toEqual(expect.arrayContaining(['/docs/4.x', '/docs/4.x/guide/what-is-vitepress', '/docs/4.x/reference/site-config']))
    expect(paths.filter((path) => /^\/docs\/4\.x\/(en|es|fa|ja|ko|pt|ru|zh)(\/|$)/.test(path))).toEqual([])
    expect(navigation.map((item) => item.title)).toEqual(['Guide', 'Reference'])
    expect(navigation[0]?.children?.map((item) => item.title)).toEqual(['Introduction', 'Writing', 'Customization', 'Experimental', 'Config & API Reference'])
    expect(navigation[0]?.children?.[0]?.children?.map((item) => item.title)).toEqual(['What is VitePress?', 'Getting Started', 'Routing', 'Deploy'])
    expect(navigation[1]?.children?.map((item) => item.title)).toEqual(['Site Config', 'Frontmatter Config', 'Runtime API', 'CLI', 'Default Theme'])
    // VitePress's rule (GitHub's would be `vite-vue--markdown-config`); an explicit {#id} wins.
    expect(toc('/docs/4.x/reference/site-config')).toEqual(expect.arrayContaining(['config-resolution', 'vite-vue-markdown-config']))
    expect(toc('/docs/4.x/reference/default-theme-search')).toEqual(expect.arrayContaining(['local-search-i18n', 'ask-ai-mode']))
    expect(out.publicDirs).toEqual([join(realTrees.vitepress, 'public')])
    expect(warnings).toEqual([
      ".vitepress/config.ts  the config's imports of vitepress-plugin-group-icons, vitepress-plugin-llms, vitepress/package.json were stood in for (packages are not loaded here): settings that come from them are not read",
      // Vue that VitePress runs in the browser: the page's Markdown is drawn without it.
      'en/guide/using-vue.md:29  Vue interpolation "{{ 1 + 1 }}" left out: this site does not evaluate Vue expressions (2 on this page, the first here)',
      'en/guide/using-vue.md:135  Vue component "ComponentInHeader" left out: this site cannot draw it; Markdown inside its tags stays (2 on this page, the first here; also ModalDemo)',
      'en/guide/using-vue.md:249  Vue block "<script setup>" left out: VitePress runs it in the browser; this site draws the page\'s Markdown only (2 on this page, the first here)',
      'en/reference/default-theme-team-page.md:5  Vue block "<script setup>" left out: VitePress runs it in the browser; this site draws the page\'s Markdown only',
      'en/reference/default-theme-team-page.md:65  Vue component "VPTeamMembers" left out: this site cannot draw it; Markdown inside its tags stays',
      // The search page's i18n headings are `#local-search-i18n` and `#algolia-search-i18n`: broken on vitepress.dev too.
      'en/guide/i18n.md:56  link: broken anchor "#i18n": /docs/4.x/reference/default-theme-search has no heading with that id',
    ])
  })

  it("VitePress's docs in its eight languages: each locale of its config a locale of the site, its folder's pages under its code, its own sidebar and words, links kept in the language", () => {
    const { out, config } = site('vitepress')
    expect(config.locales.map((l) => `${l.code} ${l.lang} ${l.dir}`)).toEqual([
      'en en ltr',
      'es es ltr',
      'zh zh-Hans ltr',
      'pt pt-BR ltr',
      'ru ru-RU ltr',
      'ko ko-KR ltr',
      'fa fa-IR rtl',
      'ja ja ltr',
    ])
    const count = (collection: string) => out.pages.filter((page) => page.collection === collection).length
    expect(['docsv4', 'docsv4Es', 'docsv4Zh', 'docsv4Pt', 'docsv4Ru', 'docsv4Ko', 'docsv4Fa', 'docsv4Ja'].map(count)).toEqual([36, 34, 36, 34, 36, 36, 36, 34])
    const paths = new Set(out.pages.map((page) => page.path))
    for (const path of ['/fa/docs/4.x', '/fa/docs/4.x/guide/what-is-vitepress', '/zh/docs/4.x/reference/site-config', '/ru/docs/4.x/guide/routing']) expect(paths).toContain(path)
    // No locale's folder is read again inside another's (`/docs/4.x/es/...`, `/fa/docs/4.x/fa/...`).
    expect([...paths].filter((path) => /\/docs\/4\.x\/(en|es|fa|ja|ko|pt|ru|zh)(\/|$)/.test(path))).toEqual([])
    // The locale's own sidebar (es/config.ts), its groups titled by its own nav.
    const navigation = (name: string) => out.collections.find((c) => c.def.name === name)?.navigation ?? []
    expect(navigation('docsv4Es').map((item) => `${item.title} ${item.path}`)).toEqual(['Guía /es/docs/4.x/guide', 'Referencia /es/docs/4.x/reference'])
    expect(navigation('docsv4Fa')[0]?.children?.[0]?.children?.[0]?.path).toBe('/fa/docs/4.x/guide/what-is-vitepress')
    // The words the locale's theme translates (docFooter, outline, editLink) are the site's words in that language.
    const fa = config.locales.find((l) => l.code === 'fa')
    expect([fa?.ui.previous, fa?.ui.next, fa?.ui.onThisPage]).toEqual(['قبلی', 'بعدی', 'در این صفحه'])
    // A translation's links stay in its language: the home page's actions, written `fa/guide/…` as VitePress roots them.
    const faHome = out.pages.find((page) => page.path === '/fa/docs/4.x')?.row
    expect(JSON.stringify(faHome?.meta)).toContain('/fa/docs/4.x/guide/what-is-vitepress')
    // Every translation builds with no broken link and no sidebar link lost: what is left is the Vue the
    // English pages have too, and anchors the translations break on vitepress.dev as well.
    const translated = out.warnings
      .map((warning) => formatIssue({ ...warning, file: warning.file.replace(`${realTrees.vitepress}/`, '') }))
      .filter((line) => LOCALE_FOLDER.test(line))
    expect(translated.filter((line) => !/ Vue (interpolation|component|block) | link: broken anchor /.test(line))).toEqual([])
  })
})
