import { describe, expect, it } from 'vitest'

import { compareContentFiles } from '../formats/paths'
import { buildNavigation, flattenNavigation, type FolderNavigation, folderRedirects, type NavPage } from './navigation'

const page = (stem: string, path: string, title: string, navigation: unknown = true): NavPage => ({ stem, path, title, navigation })

const pages: NavPage[] = [
  page('2.guide/2.routing', '/docs/4.x/guide/routing', 'Routing', { badge: 'New' }),
  page('1.getting-started/1.introduction', '/docs/4.x/getting-started/introduction', 'Introduction'),
  page('1.getting-started/3.upgrade', '/docs/4.x/getting-started/upgrade', 'Upgrade notes', false),
  page('1.getting-started/2.installation', '/docs/4.x/getting-started/installation', 'Installation', { title: 'Install', icon: 'i-lucide-download' }),
  page('2.guide/index', '/docs/4.x/guide', 'Guide overview'),
  page('3.hidden/1.only', '/docs/4.x/hidden/only', 'Only', false),
].sort((a, b) => compareContentFiles(a.stem, b.stem))

const folders = new Map<string, FolderNavigation>([['1.getting-started', { title: 'Get Started', icon: 'i-lucide-rocket', defaultOpen: true }]])

describe('navigation tree', () => {
  const tree = buildNavigation(pages, folders, '/docs/4.x')

  it('nests pages under their folders in content order', () => {
    expect(tree).toEqual([
      {
        title: 'Get Started',
        path: '/docs/4.x/getting-started',
        icon: 'i-lucide-rocket',
        defaultOpen: true,
        children: [
          { title: 'Introduction', path: '/docs/4.x/getting-started/introduction' },
          { title: 'Install', path: '/docs/4.x/getting-started/installation', icon: 'i-lucide-download' },
        ],
      },
      {
        title: 'Guide overview',
        path: '/docs/4.x/guide',
        children: [
          { title: 'Guide overview', path: '/docs/4.x/guide' },
          { title: 'Routing', path: '/docs/4.x/guide/routing', badge: 'New' },
        ],
      },
    ])
  })

  it('hides navigation: false pages and folders left empty', () => {
    const all = flattenNavigation(tree).map((i) => i.path)
    expect(all).not.toContain('/docs/4.x/getting-started/upgrade')
    expect(tree.some((i) => i.path === '/docs/4.x/hidden')).toBe(false)
  })

  it('hides a folder whose .navigation.yml says navigation: false, with all it holds', () => {
    const withHidden = [...pages, page('4.internals/1.a', '/docs/4.x/internals/a', 'A'), page('4.internals/2.deep/1.b', '/docs/4.x/internals/deep/b', 'B')]
    const hiddenTree = buildNavigation(withHidden, new Map([...folders, ['4.internals', { navigation: false }]]), '/docs/4.x')
    expect(flattenNavigation(hiddenTree).map((i) => i.path)).toEqual(flattenNavigation(tree).map((i) => i.path))
    const shown = buildNavigation(withHidden, new Map([...folders, ['4.internals', { navigation: { title: 'Internals' } }]]), '/docs/4.x')
    expect(shown.find((i) => i.path === '/docs/4.x/internals')?.title).toBe('Internals')
  })

  it('orders pages by front matter order first, the rest after them in file order; a folder by its index page', () => {
    const ordered = [
      { ...page('api/index', '/docs/4.x/api', 'API'), order: 1 },
      page('api/alpha', '/docs/4.x/api/alpha', 'Alpha'),
      { ...page('api/beta', '/docs/4.x/api/beta', 'Beta'), order: 2 },
      { ...page('api/gamma', '/docs/4.x/api/gamma', 'Gamma'), order: 1 },
      page('api/delta', '/docs/4.x/api/delta', 'Delta'),
      { ...page('guide/index', '/docs/4.x/guide', 'Guide'), order: 0 },
      page('guide/start', '/docs/4.x/guide/start', 'Start'),
    ]
    const tree = buildNavigation(ordered, new Map(), '/docs/4.x')
    expect(tree.map((i) => i.title)).toEqual(['Guide', 'API'])
    // The index page stays its folder's first child.
    expect(tree[1]?.children?.map((i) => i.title)).toEqual(['API', 'Gamma', 'Beta', 'Alpha', 'Delta'])
  })

  it('keeps blog-like folders (blog, posts, news) out of the sidebar: their pages still build', () => {
    const withPosts = [...pages, page('blog/1.hello', '/docs/4.x/blog/hello', 'Hello'), page('5.news/launch', '/docs/4.x/news/launch', 'Launch')]
    expect(flattenNavigation(buildNavigation(withPosts, folders, '/docs/4.x')).map((i) => i.path)).toEqual(flattenNavigation(tree).map((i) => i.path))
  })

  it('redirects folders without a page, and the version root, to their first page', () => {
    const redirects = folderRedirects(tree, '/docs/4.x', new Set(pages.map((p) => p.path)))
    expect(redirects).toEqual({
      '/docs/4.x': '/docs/4.x/getting-started/introduction',
      '/docs/4.x/getting-started': '/docs/4.x/getting-started/introduction',
    })
  })
})
