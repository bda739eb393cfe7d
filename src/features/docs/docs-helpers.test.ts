import { describe, expect, it } from 'vitest'

import type { NavItem } from '@/lib/content/index'

import { landingOf, leaves, sidebarParts, trail, visibleNavigation } from './navigation'

const tree: NavItem[] = [
  { title: 'Getting Started', path: '/docs/4.x/getting-started', children: [{ title: 'Intro', path: '/docs/4.x/getting-started/intro' }] },
  {
    title: 'Guide',
    path: '/docs/4.x/guide',
    children: [{ title: 'Concepts', path: '/docs/4.x/guide/concepts', children: [{ title: 'Rendering', path: '/docs/4.x/guide/concepts/rendering' }] }],
  },
  { title: 'Bridge', path: '/docs/4.x/bridge', children: [{ title: 'Overview', path: '/docs/4.x/bridge' }] },
  { title: 'Migration', path: '/docs/4.x/migration' },
]

describe('docs navigation helpers', () => {
  it('hide bridge and migration unless the reader is inside them', () => {
    expect(visibleNavigation(tree, '/docs/4.x/guide', '/docs/4.x').map((i) => i.title)).toEqual(['Getting Started', 'Guide'])
    expect(visibleNavigation(tree, '/docs/4.x/bridge', '/docs/4.x').map((i) => i.title)).toEqual(['Getting Started', 'Guide', 'Bridge'])
  })

  it('find the breadcrumb trail and the reading order', () => {
    expect(trail(tree, '/docs/4.x/guide/concepts/rendering').map((i) => i.title)).toEqual(['Guide', 'Concepts', 'Rendering'])
    expect(trail(tree, '/docs/4.x/bridge').map((i) => i.title)).toEqual(['Bridge', 'Overview'])
    expect(leaves(tree).map((i) => i.path)).toEqual(['/docs/4.x/getting-started/intro', '/docs/4.x/guide/concepts/rendering', '/docs/4.x/bridge', '/docs/4.x/migration'])
  })

  it('show the sections as links and, below, only the tree of the one holding the page', () => {
    const parts = sidebarParts(tree, trail(tree, '/docs/4.x/guide/concepts/rendering')[0])
    expect(parts.sections.map((i) => i.title)).toEqual(['Getting Started', 'Guide', 'Bridge', 'Migration'])
    expect(parts.current?.title).toBe('Guide')
    expect(parts.tree.map((i) => i.title)).toEqual(['Concepts'])
    // A page outside every section (a version's home, a top-level page): the links alone.
    expect(sidebarParts(tree, trail(tree, '/docs/4.x/migration')[0])).toEqual({ sections: tree, current: undefined, tree: [] })
    // One section, or none: the whole tree, as it is.
    const one = tree.slice(0, 1)
    expect(sidebarParts(one, trail(one, '/docs/4.x/getting-started/intro')[0])).toEqual({ sections: [], tree: one })
  })

  it("lead a section's link to its own page, else to its first page that opens on the site", () => {
    expect(landingOf(tree[2] as NavItem)).toBe('/docs/4.x/bridge')
    expect(landingOf(tree[1] as NavItem)).toBe('/docs/4.x/guide/concepts/rendering')
    expect(landingOf(tree[3] as NavItem)).toBe('/docs/4.x/migration')
    const section: NavItem = {
      title: 'Ecosystem',
      path: '/docs/4.x/ecosystem',
      children: [
        { title: 'Soon', path: '/docs/4.x/ecosystem/soon', disabled: true },
        { title: 'Forum', path: 'https://forum.example.com', target: '_blank' },
        { title: 'Modules', path: '/docs/4.x/ecosystem/modules' },
      ],
    }
    expect(landingOf(section)).toBe('/docs/4.x/ecosystem/modules')
  })
})
