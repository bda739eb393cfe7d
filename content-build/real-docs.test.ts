import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isRecord } from '../src/contract/is-record'
import { createFixture, type Fixture } from '../testing/fixture-site'
import { realDocsMissing, type RealTree, realTrees } from '../testing/real-docs'
import { buildContent, type BuildOutput } from './build'
import { formatIssue } from './errors'

/**
 * The real documentation trees (testing/real-docs.ts), each built unchanged as the 4.x
 * docs, as a team would point DOCS_V4_DIR at it. Every warning left is listed here,
 * checked by hand against the tree and its own site.
 */
const built = new Map<RealTree, { out: BuildOutput; fixture: Fixture }>()

beforeAll(async () => {
  if (realDocsMissing) return
  for (const tree of Object.keys(realTrees) as RealTree[]) {
    const fixture = await createFixture()
    built.set(tree, { fixture, out: await buildContent({ root: fixture.root, config: fixture.config, env: { DOCS_V4_DIR: realTrees[tree] } }) })
  }
}, 120_000)
afterAll(() => Promise.all([...built.values()].map(({ fixture }) => fixture.cleanup())))

function site(tree: RealTree) {
  const found = built.get(tree)
  if (!found) throw new Error(`${tree} was not built`)
  const { out } = found
  const docs = out.pages.filter((page) => page.collection === 'docsv4')
  return {
    out,
    paths: docs.map((page) => page.path),
    warnings: out.warnings.map((warning) => formatIssue({ ...warning, file: warning.file.replace(`${realTrees[tree]}/`, '') })),
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
      ".vitepress/config.ts  locales zh (简体中文), pt (Português), ru (Русский), es (Español), ko (한국어), fa (فارسی), ja (日本語) are left out of this build, their folders' pages and sidebars with them: only the root locale is built until translations are supported",
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
})
