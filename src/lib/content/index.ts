import { queryOptions } from '@tanstack/react-query'

import { site } from '@/config/site'
import type { NavItem, SearchSection } from '@/contract/content/build-output'
import type { CollectionName, DocsCollectionName } from '@/contract/content/collection-types'
import { type CollectionQuery,createQuery } from '@/contract/content/query-builder'
import { neighboursOf } from '@/contract/content/reading-order'

import { keptFetch } from '../kept-fetch'
import { queryClient } from '../query-client'
import { ContentClient } from './client'
import { getCollection } from './manifest'
import { contentKey } from './query-key'
import { trustBuildOutput } from './trusted'
import { siteUrl } from './url'

export type { NavItem, SearchSection }

/** The page's one content client (worker or endpoint; a static site has no endpoint). */
export const contentClient = new ContentClient(undefined, { endpoint: site.hosting === 'server' })

/** `queryCollection('docsv4').where('path', '=', path).first()` and friends. */
export function queryCollection<Name extends CollectionName>(name: Name): CollectionQuery<Name> {
  return createQuery(name, (collection, sql) => contentClient.query(collection, sql))
}

async function fetchBuildOutput<T>(url: string): Promise<T> {
  const res = await keptFetch(siteUrl(url))
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`)
  return trustBuildOutput<T>(await res.json())
}

/** The sidebar tree of a docs version, fetched once per build through the query cache. */
export function navigationQuery(name: DocsCollectionName) {
  return queryOptions({
    queryKey: contentKey('navigation', name),
    queryFn: async (): Promise<NavItem[]> => {
      const entry = await getCollection(name)
      if (!entry.navigation) throw new Error(`collection "${name}" has no navigation`)
      return fetchBuildOutput<NavItem[]>(entry.navigation.path)
    },
    staleTime: Infinity,
  })
}

/** Search records of a collection (docs versions and blog), fetched once per build. */
export function searchSectionsQuery(name: DocsCollectionName | 'blog' | 'deploy') {
  return queryOptions({
    queryKey: contentKey('search', name),
    queryFn: async (): Promise<SearchSection[]> => {
      const entry = await getCollection(name)
      if (!entry.search) throw new Error(`collection "${name}" has no search sections`)
      return fetchBuildOutput<SearchSection[]>(entry.search.path)
    },
    staleTime: Infinity,
  })
}

/** The sidebar tree of a docs version (cached: every later call answers from memory). */
export function queryCollectionNavigation(name: DocsCollectionName): Promise<NavItem[]> {
  return queryClient.ensureQueryData(navigationQuery(name))
}

/** Search records of a collection (docs versions and blog). */
export function queryCollectionSearchSections(name: DocsCollectionName | 'blog' | 'deploy'): Promise<SearchSection[]> {
  return queryClient.ensureQueryData(searchSectionsQuery(name))
}

export interface Surrounding {
  title: string
  path: string
  description: string
}

/** The previous and next pages of `path` in the docs sidebar's reading order. */
export async function queryCollectionItemSurroundings(name: DocsCollectionName, path: string): Promise<[Surrounding | null, Surrounding | null]> {
  const [previous, next] = neighboursOf(await queryCollectionNavigation(name), path)
  const neighbours = [previous, next].filter((p): p is string => p !== undefined)
  const rows = neighbours.length ? await queryCollection(name).select('title', 'path', 'description').where('path', 'IN', neighbours).all() : []
  const find = (p: string | undefined) => rows.find((row) => row.path === p) ?? null
  return [find(previous), find(next)]
}
