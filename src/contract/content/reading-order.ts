import type { NavItem } from './build-output.ts'

/** A docs version's pages in the sidebar's reading order: what Previous and Next follow, in the app and on the MCP endpoint. */
export interface ReadingOrder {
  order: string[]
  /** Each page's place in `order` (its first, for a page the tree holds twice). */
  at: Map<string, number>
  /** Each page's title as the tree names it (its first). */
  titles: Map<string, string>
}

// Once per tree (the app's query cache and the server keep one per build): a page looks its place up, it does not walk the tree.
const readingOrders = new WeakMap<readonly NavItem[], ReadingOrder>()

/** The pages of a navigation tree (its leaves) in reading order, kept for the tree. */
export function readingOrder(tree: readonly NavItem[]): ReadingOrder {
  let known = readingOrders.get(tree)
  if (!known) {
    const leaves = flatten(tree)
    const order = leaves.map((item) => item.path)
    const at = new Map<string, number>()
    const titles = new Map<string, string>()
    leaves.forEach(({ path, title }, i) => {
      if (at.has(path)) return
      at.set(path, i)
      titles.set(path, title)
    })
    known = { order, at, titles }
    readingOrders.set(tree, known)
  }
  return known
}

/** The paths before and after `path` in reading order (undefined at either end, or both when the tree lacks it). */
export function neighboursOf(tree: readonly NavItem[], path: string): [previous: string | undefined, next: string | undefined] {
  const { order, at } = readingOrder(tree)
  const i = at.get(path)
  return i === undefined ? [undefined, undefined] : [order[i - 1], order[i + 1]]
}

function flatten(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => (item.children ? flatten(item.children) : [item]))
}
