import { isExternal } from '@/contract/links'
import { isInside } from '@/lib/content/docs-versions'
import type { NavItem } from '@/lib/content/index'

/** Bridge and migration sections show only to readers already inside them. */
export function visibleNavigation(items: readonly NavItem[], pathname: string, versionPath: string): NavItem[] {
  return items.filter((item) => {
    const section = item.path.slice(versionPath.length)
    return !/^\/(bridge|migration)$/.test(section) || isInside(pathname, item.path)
  })
}

/** The chain of items from the top of the tree down to the one at `path`. */
export function trail(items: readonly NavItem[], path: string): NavItem[] {
  for (const item of items) {
    if (item.path === path && !item.children) return [item]
    if (item.children) {
      const below = trail(item.children, path)
      if (below.length) return [item, ...below]
    }
    if (item.path === path) return [item]
  }
  return []
}

/** Pages in reading order (the leaves of the tree). */
export function leaves(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => (item.children ? leaves(item.children) : [item]))
}

/** What a docs sidebar shows for a page. */
export interface SidebarParts {
  /** The tree's top-level items as links, when it has two sections (folders) or more; else none. */
  sections: readonly NavItem[]
  /** The section holding the page, when there are sections and one holds it. */
  current?: NavItem
  /** The tree below the links: the current section's items; the whole tree when it has no sections. */
  tree: readonly NavItem[]
}

/**
 * A tree of sections shows them as links and, below, only the section being read, as
 * nuxt.com and VitePress's multi-sidebars do: the reader sees where they are and every other
 * section one click away, and a page of a large site carries one branch of the tree, not all
 * of them, in its HTML. `top` is the first item of the page's trail (its breadcrumb's).
 */
export function sidebarParts(items: readonly NavItem[], top: NavItem | undefined): SidebarParts {
  if (items.filter((item) => item.children).length < 2) return { sections: [], tree: items }
  const current = top?.children ? top : undefined
  return { sections: items, current, tree: current?.children ?? [] }
}

// Per section of the loaded tree: the sidebar asks at every page it draws.
const landings = new WeakMap<NavItem, string>()

/** Where a section's link leads: the section's own page when it has one, else its first page that opens here. */
export function landingOf(item: NavItem): string {
  if (!item.children) return item.path
  let landing = landings.get(item)
  if (landing === undefined) {
    const readable = leaves(item.children).filter((leaf) => !leaf.disabled && leaf.target !== '_blank' && !isExternal(leaf.path))
    landing = (readable.find((leaf) => leaf.path === item.path) ?? readable[0])?.path ?? item.path
    landings.set(item, landing)
  }
  return landing
}
