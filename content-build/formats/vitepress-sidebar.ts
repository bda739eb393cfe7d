import type { NavItem } from '../../src/contract/content/build-output'
import { isExternal, type LinkContext, resolveLink, rootedLink, splitUrl } from '../markdown/links'
import type { NavLink, Sidebar, SidebarItem } from './vitepress-config'

export interface SidebarSource {
  sidebar: Sidebar
  nav: readonly NavLink[]
  /** Folders (after rewrites) left out of the build: their lists and links are left out quietly. */
  leftOut: readonly string[]
}

/**
 * A VitePress sidebar as this site's navigation tree: groups become folders (titled by
 * their text, collapsed when VitePress collapses them), links become pages, resolved
 * into the version like links in the tree's Markdown. A sidebar by path
 * (`{ '/guide/': …, '/reference/': … }`) becomes one top-level group per path, titled
 * by the nav item that leads there ("Guide", "Reference"), in the nav's order. Links to
 * pages the tree does not have are left out and reported.
 */
export function sidebarNavigation(source: SidebarSource, link: LinkContext, pages: ReadonlyMap<string, string>): { navigation: NavItem[]; missing: string[] } {
  const missing: string[] = []
  const leftOut = (url: string) => {
    const path = splitUrl(url).path.replace(/^\/+/, '')
    return source.leftOut.some((folder) => path === folder || path.startsWith(`${folder}/`))
  }
  // A `base` prefixes the links below it, the item's own included, that do not start with a slash.
  const convert = (items: readonly SidebarItem[], inherited = ''): NavItem[] =>
    items.flatMap((item): NavItem[] => {
      const base = typeof item.base === 'string' ? item.base : inherited
      const written = item.link && base && !item.link.startsWith('/') && !isExternal(item.link) ? base + item.link : item.link
      const target = written && rootedLink(written)
      if (target && !isExternal(target) && leftOut(target)) return []
      const path = target ? resolveLink(target, link).replace(/#.*$/, '') : undefined
      if (item.items?.length) {
        const children = convert(item.items, base)
        if (!children.length) return []
        // A group is a folder at the longest path its pages share (which opens it when reading one).
        const folder = path ?? commonPath(children)
        const title = item.text ?? pages.get(folder) ?? ''
        const own = path && pages.has(path) && !children.some((c) => c.path === path) ? [{ title: pages.get(path) ?? title, path }] : []
        return [{ title, path: folder, ...(item.collapsed === undefined ? {} : { defaultOpen: !item.collapsed }), children: [...own, ...children] }]
      }
      if (!path) return []
      if (isExternal(path)) return [{ title: item.text ?? path, path, target: '_blank' }]
      if (!pages.has(path)) {
        missing.push(target ?? path)
        return []
      }
      return [{ title: item.text ?? pages.get(path) ?? path, path }]
    })

  if (Array.isArray(source.sidebar)) return { navigation: convert(source.sidebar), missing }
  const navLinks = flattenNav(source.nav)
  const lists = Object.entries(source.sidebar)
    .filter(([key]) => !leftOut(key))
    .map(([key, list], order) => {
      const { base = '', items } = Array.isArray(list) ? { items: list } : list
      const titledBy = navLinks.findIndex((item) => leadsUnder(item, key))
      return { key, base, items, order, titledBy }
    })
  const titled = lists.filter((l) => l.titledBy !== -1).sort((a, b) => a.titledBy - b.titledBy || a.order - b.order)
  const used = new Set<number>()
  const navigation: NavItem[] = []
  for (const list of titled) {
    const children = convert(list.items, list.base)
    if (!children.length) continue
    const title = used.has(list.titledBy) ? undefined : navLinks[list.titledBy]?.text
    used.add(list.titledBy)
    // A second list under the same nav item (no title of its own) joins the group before it.
    const previous = navigation.at(-1)
    const [only] = children
    if (!title && previous?.children) previous.children.push(...children)
    // A list that is one group of the nav item's own name is that group, not a group inside one.
    else if (children.length === 1 && only?.children && only.title.toLowerCase() === title?.toLowerCase()) navigation.push({ ...only, defaultOpen: true })
    else navigation.push({ title: title ?? '', path: resolveLink(list.key, link), children })
  }
  // Lists no nav item leads to keep their groups at the top level, as before.
  for (const list of lists.filter((l) => l.titledBy === -1)) navigation.push(...convert(list.items, list.base))
  return { navigation, missing }
}

function flattenNav(items: readonly NavLink[]): NavLink[] {
  return items.flatMap((item) => [item, ...flattenNav(item.items ?? [])]).filter((item) => item.text && (item.link || item.activeMatch))
}

/** Whether a nav item leads to a sidebar's path: its `activeMatch` (a pattern, as VitePress reads it) matches the path, or its link is under it. */
function leadsUnder(item: NavLink, key: string): boolean {
  const path = `/${key.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/')
  if (item.activeMatch) {
    try {
      if (new RegExp(item.activeMatch).test(path)) return true
    } catch {
      if (path.startsWith(item.activeMatch)) return true
    }
  }
  if (!item.link || isExternal(item.link)) return false
  const link = splitUrl(item.link).path.replace(/(?:index)?\.(?:md|html)$/, '')
  const target = link.startsWith('/') ? link : `/${link}`
  return path !== '/' && (target.startsWith(path) || `${target}/` === path)
}

/** The deepest folder holding every item: `/docs/4.x/guide` for `/docs/4.x/guide/a` and `/docs/4.x/guide/b/c`. */
function commonPath(items: readonly NavItem[]): string {
  const folders = items.map((item) => (item.children ? item.path : item.path.replace(/\/[^/]*$/, '')))
  let common = folders[0]?.split('/') ?? []
  for (const path of folders.slice(1)) {
    const parts = path.split('/')
    let i = 0
    while (i < common.length && common[i] === parts[i]) i++
    common = common.slice(0, i)
  }
  return common.join('/') || '/'
}
