import { queryOptions } from '@tanstack/react-query'

import type { CollectionName, Collections } from '@/contract/content/collection-types'
import { z } from '@/contract/zod'

import { queryClient } from '../query-client'
import { contentPageQuery, type LoadedPage } from './page'
import { contentKey } from './query-key'
import { trustBuildOutput } from './trusted'

/**
 * A page's header as its front matter writes it: `hero: { title, description, links }`
 * beside the page's own title and description. It sits in the free-form `meta`, so
 * it is parsed here rather than trusted.
 */
const heroSchema = z.object({
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  links: z.optional(z.array(z.object({ label: z.string(), to: z.string(), icon: z.optional(z.string()) }))),
})

export interface PageHeader {
  title: string
  description: string
  heroTitle: string
  heroDescription: string
  links: NonNullable<z.infer<typeof heroSchema>['links']>
  meta: Record<string, unknown>
}

/** `/video-courses` → `Video courses`: a title for a listing whose landing page is missing. */
function titleFromPath(path: string): string {
  const last = path.split('/').filter(Boolean).pop() ?? ''
  return last.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase())
}

export function pageHeader(page: Record<string, unknown> | null, path = ''): PageHeader {
  const meta = typeof page?.meta === 'object' && page.meta !== null ? trustBuildOutput<Record<string, unknown>>(page.meta) : {}
  const hero = heroSchema.safeParse(meta.hero)
  const title = typeof page?.title === 'string' ? page.title : titleFromPath(path)
  const description = typeof page?.description === 'string' ? page.description : ''
  return {
    title,
    description,
    heroTitle: (hero.success && hero.data.title) || title,
    heroDescription: (hero.success && hero.data.description) || description,
    links: (hero.success && hero.data.links) || [],
    meta,
  }
}

export interface Listing<Name extends CollectionName> {
  source: LoadedPage['source']
  header: PageHeader
  page: Record<string, unknown>
  items: Collections[Name][]
}

/** A page that shows rows of several collections (the home page, the enterprise overview). */
export interface Listings<Name extends CollectionName> {
  source: LoadedPage['source']
  header: PageHeader
  page: Record<string, unknown>
  lists: { [N in Name]: Collections[N][] }
  /** How many rows a collection has in all, when the page shows only some (content-build/collections/listings.ts `select`). */
  totals: { [N in Name]?: number }
}

/** The rows of each collection a loaded page's payload carries (validated against their schemas by the content build). */
function readListings<Name extends CollectionName>(loaded: LoadedPage, path: string, collections: readonly Name[]): Listings<Name> {
  const lists = Object.fromEntries(collections.map((name) => [name, trustBuildOutput<unknown[]>(loaded.data.lists?.[name] ?? [])]))
  const totals = Object.fromEntries(collections.flatMap((name) => (loaded.data.totals?.[name] === undefined ? [] : [[name, loaded.data.totals[name]]])))
  return {
    source: loaded.source,
    header: pageHeader(loaded.data.page, path),
    page: loaded.data.page ?? {},
    lists: trustBuildOutput<Listings<Name>['lists']>(lists),
    totals: trustBuildOutput<Listings<Name>['totals']>(totals),
  }
}

/**
 * A listing route's data: its header (the landing page at the same path) and the
 * rows of `collection` its payload carries, read through the shared page query, so a
 * link prefetched on sight and the route share one request. Null when the build has
 * no such page.
 */
export function listingQuery<Name extends CollectionName>(path: string, collection: Name) {
  return queryOptions({
    queryKey: contentKey('listing', path, collection),
    queryFn: async (): Promise<Listing<Name> | null> => {
      const loaded = await queryClient.ensureQueryData(contentPageQuery(path))
      if (!loaded) return null
      // A listing without its landing page still lists, under a title from its path.
      const { lists, ...rest } = readListings(loaded, path, [collection])
      return { ...rest, items: lists[collection] }
    },
    staleTime: Infinity,
  })
}

/** The same for a page that shows rows of several collections: `lists.blog`, `lists.modules`… Null when the build has no such page. */
export function listingsQuery<Name extends CollectionName>(path: string, collections: readonly Name[]) {
  return queryOptions({
    queryKey: contentKey('listings', path, ...collections),
    queryFn: async (): Promise<Listings<Name> | null> => {
      const loaded = await queryClient.ensureQueryData(contentPageQuery(path))
      return loaded?.data.page ? readListings(loaded, path, collections) : null
    },
    staleTime: Infinity,
  })
}
