import { describe, expect, it } from 'vitest'

import type { NavItem } from '@/lib/content/index'

import { leaves, trail, visibleNavigation } from './navigation'

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
})
