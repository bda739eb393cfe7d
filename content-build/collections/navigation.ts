import { posix } from 'node:path'

import { z } from 'zod'

import type { NavItem } from '../../src/contract/content/build-output'
import { pathFromFile, titleFromSegment } from '../formats/paths'

export type { NavItem }

/** What a folder's `.navigation.yml` may say about it. */
export const folderNavigationSchema = z.object({
  title: z.string().min(1).optional(),
  icon: z.string().optional(),
  badge: z.string().optional(),
  defaultOpen: z.boolean().optional(),
  // Nuxt Content-style trees sometimes nest the same keys under `navigation:`, or hide
  // the whole folder from the sidebar with `navigation: false` (its pages still build).
  navigation: z
    .union([z.boolean(), z.object({ title: z.string().optional(), icon: z.string().optional(), badge: z.string().optional(), defaultOpen: z.boolean().optional() })])
    .optional(),
})
export type FolderNavigation = z.output<typeof folderNavigationSchema>

export interface NavPage {
  path: string
  stem: string
  title: string
  navigation: unknown
  /** Front matter `order`: its place among its folder's pages (pages without one follow, in file order). */
  order?: number
}

/**
 * Folders of posts rather than docs (`blog/`, `posts/`, `news/` at the tree's root,
 * numbered or not): their pages build, but stay out of the sidebar and previous/next.
 */
const BLOG_LIKE = /^(?:\d+\.)?(?:blog|posts|news)$/i

/**
 * Builds the sidebar tree of one docs version from its pages, already sorted in
 * content order. Folders take title, icon and badge from `.navigation.yml`, else from
 * their index page, else from the folder name. A folder's index page is its first
 * child so it stays reachable. Pages with `navigation: false` are left out, and so is
 * a folder left with nothing in it.
 */
export function buildNavigation(pages: readonly NavPage[], folders: ReadonlyMap<string, FolderNavigation>, prefix: string): NavItem[] {
  const root: NavItem = { title: '', path: prefix, children: [] }
  const folderNodes = new Map<string, NavItem>([['', root]])

  const folderNode = (dir: string): NavItem => {
    const existing = folderNodes.get(dir)
    if (existing) return existing
    const parentDir = posix.dirname(dir) === '.' ? '' : posix.dirname(dir)
    const parent = folderNode(parentDir)
    const meta = folders.get(dir)
    const nav = {
      ...(typeof meta?.navigation === 'object' ? meta.navigation : {}),
      ...stripUndefined({ title: meta?.title, icon: meta?.icon, badge: meta?.badge, defaultOpen: meta?.defaultOpen }),
    }
    const node: NavItem = {
      title: nav.title ?? titleFromSegment(posix.basename(dir)),
      path: pathFromFile(`${dir}/index`, prefix),
      ...stripUndefined({ icon: nav.icon, badge: nav.badge, defaultOpen: nav.defaultOpen }),
      children: [],
    }
    folderNodes.set(dir, node)
    parent.children?.push(node)
    return node
  }

  // A folder whose .navigation.yml says `navigation: false` is left out, with everything under it; so is a blog-like one.
  const hidden = (dir: string): boolean => {
    if (BLOG_LIKE.test(dir.split('/')[0] ?? '')) return true
    for (let d = dir; d && d !== '.'; d = posix.dirname(d)) if (folders.get(d)?.navigation === false) return true
    return false
  }
  const orders = new Map<NavItem, number>()

  for (const page of pages) {
    const nav = page.navigation
    if (nav === false) continue
    if (hidden(posix.dirname(page.stem))) continue
    const options = typeof nav === 'object' && nav !== null ? nav : {}
    const dir = posix.dirname(page.stem) === '.' ? '' : posix.dirname(page.stem)
    const base = posix.basename(page.stem)
    // A README that stands in for its folder's index has the folder's path.
    const isIndex = base === 'index' || (/^readme$/i.test(base) && !page.path.toLowerCase().endsWith('/readme'))
    const parent = folderNode(dir)
    const item: NavItem = {
      title: pick(options, 'title') ?? page.title,
      path: page.path,
      ...stripUndefined({
        icon: pick(options, 'icon'),
        badge: pick(options, 'badge'),
        target: pickTarget(options),
        disabled: typeof Reflect.get(options, 'disabled') === 'boolean' ? Boolean(Reflect.get(options, 'disabled')) : undefined,
      }),
    }
    if (isIndex && dir) {
      // The index page names its folder when .navigation.yml does not, and places it with its `order`.
      const meta = folders.get(dir)
      if (!meta?.title && !(typeof meta?.navigation === 'object' && meta.navigation.title)) parent.title = page.title
      if (!parent.icon && item.icon) parent.icon = item.icon
      if (page.order !== undefined) orders.set(parent, page.order)
      // It stays the folder's first child.
      orders.set(item, Number.NEGATIVE_INFINITY)
    } else if (page.order !== undefined) orders.set(item, page.order)
    parent.children?.push(item)
  }
  if (orders.size) sortByOrder(root, orders)
  return prune(root.children ?? [])
}

/** Within each folder, items with an `order` first by it; the rest after them, as they were (a stable sort). */
function sortByOrder(node: NavItem, orders: ReadonlyMap<NavItem, number>) {
  if (!node.children) return
  const key = (item: NavItem) => orders.get(item) ?? Number.POSITIVE_INFINITY
  node.children.sort((a, b) => (key(a) === key(b) ? 0 : key(a) < key(b) ? -1 : 1))
  for (const child of node.children) sortByOrder(child, orders)
}

/** Drops empty folders and empty `children` arrays, so leaves are plain pages. */
function prune(items: NavItem[]): NavItem[] {
  const out: NavItem[] = []
  for (const item of items) {
    if (!item.children) {
      out.push(item)
      continue
    }
    const children = prune(item.children)
    if (children.length) out.push({ ...item, children })
  }
  return out
}

/** The pages of a tree in reading order: what "previous" and "next" walk through. */
export function flattenNavigation(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => (item.children ? flattenNavigation(item.children) : [item]))
}

/**
 * Folder paths that have no page of their own redirect to their first page, and the
 * version root to the version's first page: `/docs/4.x/guide` -> `/docs/4.x/guide/introduction`.
 */
export function folderRedirects(items: readonly NavItem[], prefix: string, pagePaths: ReadonlySet<string>): Record<string, string> {
  const redirects: Record<string, string> = {}
  const first = flattenNavigation(items)[0]
  if (first && !pagePaths.has(prefix)) redirects[prefix] = first.path
  const walk = (nodes: readonly NavItem[]) => {
    for (const node of nodes) {
      if (!node.children) continue
      const target = flattenNavigation(node.children)[0]
      if (target && !pagePaths.has(node.path)) redirects[node.path] = target.path
      walk(node.children)
    }
  }
  walk(items)
  return redirects
}

function pick(options: object, key: string): string | undefined {
  const value: unknown = Reflect.get(options, key)
  return typeof value === 'string' ? value : undefined
}

function pickTarget(options: object): '_blank' | '_self' | undefined {
  const value: unknown = Reflect.get(options, 'target')
  return value === '_blank' || value === '_self' ? value : undefined
}

/** Removes keys whose value is undefined, so trees compare and serialise cleanly. */
function stripUndefined<T extends object>(obj: T): T {
  for (const key of Object.keys(obj)) if (Reflect.get(obj, key) === undefined) Reflect.deleteProperty(obj, key)
  return obj
}
