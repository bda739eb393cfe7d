import { appRoutes, paths } from '../../src/contract/paths'
import { allSections, contentPageRoutes, isRouteOn, type Sections } from '../../src/contract/sections'
import type { Row } from './entry'
import { type Listing, listings, translatedHeader } from './listings'
import { buildNavigation, flattenNavigation, type FolderNavigation, folderRedirects, type NavItem } from './navigation'
import type { CollectionEntries } from './site-rules'

export interface SurroundItem {
  title: string
  path: string
  description: string
}
export type Surround = [SurroundItem | null, SurroundItem | null]

/** What a route's `_payload.json` holds: enough to render it without any dump. */
export interface RoutePayload {
  path: string
  /** Collection of `row`: the route's own page, a listing's header, or a module. */
  collection: string | null
  row: Row | null
  surround?: Surround
  /** Rows a listing route shows, by collection. */
  lists?: Record<string, Row[]>
  /** How many rows each listed collection has, when the route shows only some. */
  totals?: Record<string, number>
}

/**
 * The routes of the app, but for those of the sections the config switches off: what
 * the build checks links against, besides the content's own pages.
 */
export function appRoutesOf(sections: Sections): string[] {
  return appRoutes.filter((route) => isRouteOn(sections, route))
}

/**
 * Those of them that are pages whatever the content is (listings, forms, admin): what
 * the build prerenders and lists in the sitemap, besides the content's own pages. A
 * route drawn from a page of its own (`contentPageRoutes`: the newsletter, the
 * enterprise overview and jobs) is among the content's pages when the content has that
 * page, and else no page at all, so the server answers it with 404.
 */
export function appPagesOf(sections: Sections): string[] {
  return appRoutesOf(sections).filter((route) => !contentPageRoutes.includes(route))
}

/**
 * A docs version's sidebar, the redirects of its folders without a page, and each
 * page's previous and next page in sidebar order.
 */
export function docsStructure(rows: readonly Row[], folders: ReadonlyMap<string, FolderNavigation>, prefix: string, sidebar?: NavItem[]) {
  const navigation =
    sidebar ??
    buildNavigation(
      rows.map((r) => ({ path: String(r.path), stem: r.stem, title: String(r.title), navigation: r.navigation, order: orderOf(r) })),
      folders,
      prefix,
    )
  const redirects = folderRedirects(navigation, prefix, new Set(rows.map((r) => String(r.path))))
  const byPath = new Map(rows.map((r) => [String(r.path), r]))
  const order = flattenNavigation(navigation)
    .map((item) => byPath.get(item.path))
    .filter((r) => r !== undefined)
  return { navigation, redirects, surrounds: surroundsOf(order) }
}

/** Blog posts: previous is the newer post, next the older one. */
export function blogSurrounds(rows: readonly Row[]): Map<string, Surround> {
  return surroundsOf([...rows].sort((a, b) => String(b.date).localeCompare(String(a.date))))
}

function surroundsOf(order: readonly Row[]): Map<string, Surround> {
  const item = (row: Row | undefined): SurroundItem | null => (row ? { title: String(row.title), path: String(row.path), description: String(row.description ?? '') } : null)
  return new Map(order.map((row, k) => [String(row.path), [item(order[k - 1]), item(order[k + 1])]]))
}

/**
 * Payloads of routed pages, listing routes and module pages; none for a route of a
 * switched-off section, so it has no page, no prerendered HTML and no sitemap entry
 * (a listing there would otherwise make a page of its own).
 */
export function routePayloads(
  collections: readonly CollectionEntries[],
  surrounds: ReadonlyMap<string, Surround>,
  sections: Sections = allSections,
  more: readonly Listing[] = [],
): RoutePayload[] {
  const payloads: RoutePayload[] = collections.flatMap(({ def, entries }) =>
    def.type === 'page' && def.routes
      ? entries.map(({ row }) => {
          const surround = surrounds.get(String(row.path))
          return { path: String(row.path), collection: def.name, row, ...(surround ? { surround } : {}) }
        })
      : [],
  )
  const rowsOf = (name: string) => collections.find((c) => c.def.name === name)?.entries.map((e) => e.row) ?? []
  for (const listing of [...listings, ...more]) {
    if (!isRouteOn(sections, listing.path)) continue
    const all = rowsOf(listing.collection)
    const selected = listing.select ? listing.select(all) : all
    const rows = listing.order ? [...selected].sort(listing.order) : selected
    let own = payloads.find((p) => p.path === listing.path)
    // A route drawn from its own page shows nothing without it: the listing makes it no page.
    if (!own && contentPageRoutes.includes(listing.path)) continue
    if (!own && listing.header) {
      const { from, words } = listing.header
      const header = payloads.find((p) => p.path === from)
      payloads.push((own = { path: listing.path, collection: header?.collection ?? null, row: header?.row ? translatedHeader(header.row, listing.path, words) : null }))
    }
    if (!own) payloads.push((own = { path: listing.path, collection: null, row: null }))
    own.lists = { ...own.lists, [listing.collection]: rows.map((row) => omit(row, listing.omit ?? [])) }
    if (listing.select) own.totals = { ...own.totals, [listing.collection]: all.length }
  }
  for (const row of rowsOf('modules')) payloads.push({ path: paths.module(String(row.name)), collection: 'modules', row })
  return payloads.filter((payload) => isRouteOn(sections, payload.path))
}

function omit(row: Row, fields: readonly string[]): Row {
  if (!fields.length) return row
  const copy: Row = { ...row }
  for (const field of fields) Reflect.deleteProperty(copy, field)
  return copy
}

/** A page's place among its folder's pages, from front matter `order` (or Docusaurus' `sidebar_position`). */
function orderOf(row: Row): number | undefined {
  const meta = row.meta
  if (typeof meta !== 'object' || meta === null) return undefined
  const order: unknown = Reflect.get(meta, 'order') ?? Reflect.get(meta, 'sidebar_position')
  return typeof order === 'number' && Number.isFinite(order) ? order : undefined
}
