import { describe, expect, it } from 'vitest'

import { headingIds, vitepressSlug } from './heading-ids'
import { processMarkdown } from './index'

const ids = (rule: 'nuxt' | 'vitepress', texts: string[]) => {
  const make = headingIds(rule)
  return texts.map((text) => make.id(text))
}

describe('heading ids', () => {
  it("follow VitePress's rule in a VitePress tree: punctuation becomes a hyphen, accents go, a leading digit is prefixed", () => {
    expect(vitepressSlug('server.open')).toBe('server-open')
    expect(vitepressSlug("What's new in 2.0?")).toBe('what-s-new-in-2-0')
    expect(vitepressSlug('Héllo Wörld')).toBe('hello-world')
    expect(vitepressSlug('1. Install')).toBe('_1-install')
    expect(vitepressSlug('`defineConfig` — “typed”')).toBe('defineconfig-—-typed')
    expect(vitepressSlug('快速开始')).toBe('快速开始')
  })

  it("follow GitHub's rule (Nuxt Content's) elsewhere", () => {
    expect(ids('nuxt', ['server.open', "What's new in 2.0?"])).toEqual(['serveropen', 'whats-new-in-20'])
  })

  it('number a repeated id -1, -2 in both rules, and never reuse an id the author chose', () => {
    expect(ids('vitepress', ['Setup', 'Setup', 'Setup'])).toEqual(['setup', 'setup-1', 'setup-2'])
    expect(ids('nuxt', ['Setup', 'Setup'])).toEqual(['setup', 'setup-1'])
    for (const rule of ['nuxt', 'vitepress'] as const) {
      const make = headingIds(rule)
      make.reserve('usage')
      expect(make.id('Usage')).toBe('usage-1')
    }
  })

  it("give a page's headings, table of contents and search sections the tree's ids; an explicit {#id} wins", async () => {
    const link = { fileDir: '', prefix: '/docs/4.x', docsVersionPath: '/docs/4.x', docsVersionPaths: ['/docs/4.x'] }
    const source = '## server.open\n\n## Custom {#my-id}\n\n## server.open\n'
    const run = (vitepress: boolean) =>
      processMarkdown(source, { file: 'x.md', lineOffset: 0, path: '/docs/4.x/config', title: () => 'Config', link: { ...link, ...(vitepress ? { vitepress } : {}) } })
    const vitepress = await run(true)
    expect(vitepress.body.toc.map((entry) => entry.id)).toEqual(['server-open', 'my-id', 'server-open-1'])
    expect(vitepress.sections.map((section) => section.id)).toEqual([
      '/docs/4.x/config',
      '/docs/4.x/config#server-open',
      '/docs/4.x/config#my-id',
      '/docs/4.x/config#server-open-1',
    ])
    // Stored as written but for the `{#id}`, which the table of contents carries.
    expect(vitepress.body.value).toBe('## server.open\n\n## Custom\n\n## server.open\n')
    const nuxt = await run(false)
    expect(nuxt.body.toc.map((entry) => entry.id)).toEqual(['serveropen', 'my-id', 'serveropen-1'])
  })
})
