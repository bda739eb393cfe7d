import type { NavItem } from '../../../content-build/navigation'
import type { SearchSection } from '../../../content-build/sections'
import { ContentClient } from './client'
import type { CollectionName, DocsCollectionName } from './collection-types'
import { getCollection } from './manifest'
import { createQuery, type CollectionQuery } from './query-builder'
import { trustBuildOutput } from './trusted'
import { siteUrl } from './url'

export type { NavItem, SearchSection }

/** The page's one content client (worker or endpoint). */
export const contentClient = new ContentClient()

/** `queryCollection('docsv4').where('path', '=', path).first()` and friends. */
export function queryCollection<Name extends CollectionName>(name: Name): CollectionQuery<Name> {
  return createQuery(name, (collection, sql) => contentClient.query(collection, sql))
}

const jsonCache = new Map<string, Promise<unknown>>()
async function fetchJson<T>(url: string): Promise<T> {
  let pending = jsonCache.get(url)
  if (!pending) {
    pending = fetch(siteUrl(url)).then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`)
      return res.json()
    })
    pending.catch(() => jsonCache.delete(url))
    jsonCache.set(url, pending)
  }
  return trustBuildOutput<T>(await pending)
}

/** The sidebar tree of a docs version. */
export async function queryCollectionNavigation(name: DocsCollectionName): Promise<NavItem[]> {
  const entry = await getCollection(name)
  if (!entry.navigation) throw new Error(`collection "${name}" has no navigation`)
  return fetchJson<NavItem[]>(entry.navigation.path)
}

/** Search records of a collection (docs versions and blog). */
export async function queryCollectionSearchSections(name: DocsCollectionName | 'blog'): Promise<SearchSection[]> {
  const entry = await getCollection(name)
  if (!entry.search) throw new Error(`collection "${name}" has no search sections`)
  return fetchJson<SearchSection[]>(entry.search.path)
}

export interface Surrounding {
  title: string
  path: string
  description: string
}

/** The previous and next pages of `path` in the docs sidebar's reading order. */
export async function queryCollectionItemSurroundings(name: DocsCollectionName, path: string): Promise<[Surrounding | null, Surrounding | null]> {
  const order = flatten(await queryCollectionNavigation(name)).map((item) => item.path)
  const at = order.indexOf(path)
  if (at === -1) return [null, null]
  const neighbours = [order[at - 1], order[at + 1]].filter((p): p is string => p !== undefined)
  const rows = neighbours.length ? await queryCollection(name).select('title', 'path', 'description').where('path', 'IN', neighbours).all() : []
  const find = (p: string | undefined) => rows.find((row) => row.path === p) ?? null
  return [find(order[at - 1]), find(order[at + 1])]
}

function flatten(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => (item.children ? flatten(item.children) : [item]))
}
