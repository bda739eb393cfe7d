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
