import { queryOptions } from '@tanstack/react-query'

import type { Collections } from '@/contract/content/collection-types'
import { applyFilters, filtersKey, type ModuleFilters } from '@/contract/content/module-filters'
import { paths } from '@/contract/paths'
import { queryCollection } from '@/lib/content/index'
import { listingQuery } from '@/lib/content/listing'
import { contentPageQuery } from '@/lib/content/page'
import { contentKey } from '@/lib/content/query-key'
import { trustBuildOutput } from '@/lib/content/trusted'
import { queryClient } from '@/lib/query-client'

export type Module = Collections['modules']

/** /modules: the header and every module (the page's payload carries them). */
export const modulesQuery = () => listingQuery(paths.modules(), 'modules')

/** /modules/{name}: one module, or null. */
export function moduleQuery(name: string) {
  return queryOptions({
    queryKey: contentKey('module', name),
    queryFn: async (): Promise<Module | null> => {
      const loaded = await queryClient.ensureQueryData(contentPageQuery(paths.module(name)))
      return loaded?.data.page ? trustBuildOutput<Module>(loaded.data.page) : null
    },
    staleTime: Infinity,
  })
}

/**
 * The names of the first `limit` modules a filter state shows, in its order, and how
 * many it shows in all (and the filters they are for): SQL on the modules collection
 * (filters.ts) that answers names only, since the page's payload already holds every
 * card. Both statements leave at once (the worker answers them back to back); a list
 * shorter than `limit` is its own count and does not wait for the other.
 */
export function moduleSearchQuery(filters: ModuleFilters, limit: number) {
  return queryOptions({
    queryKey: contentKey('modules', 'search', filtersKey(filters), limit),
    queryFn: async () => {
      const listed = applyFilters(queryCollection('modules'), filters).limit(limit).all()
      const counted = queryClient.ensureQueryData(moduleTotalQuery(filters))
      // Awaited below only when the list is full; its failure is reported there, or moot.
      counted.catch(() => undefined)
      const rows = await listed
      const total = rows.length < limit ? rows.length : await counted
      return { names: rows.map((row) => row.name), total, key: filtersKey(filters) }
    },
    staleTime: Infinity,
  })
}

/** The filters of a first visit to /modules: no category, no text, the default order. */
const NO_FILTERS: ModuleFilters = { q: '' }

/**
 * The answer of `moduleSearchQuery` read from the page's payload, for the default
 * filters only: the build lists every module there in the directory's default order,
 * the order `applyFilters` asks SQL for (content-build/collections/listings.ts; a test holds the two
 * equal). The first list is drawn without the database, in the build's prerender too.
 */
export function defaultListOf(modules: readonly ModuleListItem[], filters: ModuleFilters, limit: number) {
  if (filtersKey(filters) !== filtersKey(NO_FILTERS)) return undefined
  return { names: modules.slice(0, limit).map((module) => module.name), total: modules.length, key: filtersKey(filters) }
}

/**
 * How many modules a category and a text select: the same whatever the order, so a new
 * sort or order asks for its names only.
 */
function moduleTotalQuery(filters: ModuleFilters) {
  const selection = { q: filters.q, ...(filters.category ? { category: filters.category } : {}) }
  return queryOptions({
    queryKey: contentKey('modules', 'total', filtersKey(selection)),
    queryFn: () => applyFilters(queryCollection('modules'), selection).count(),
    staleTime: Infinity,
  })
}
/**
 * A text filter run once while the page is idle, before the reader types: the first
 * keystroke would otherwise also pay for compiling the code a text filter runs (the
 * query builder's, and sql.js's LIKE in the worker). Its answer is not kept.
 */
export async function warmModuleFilters(): Promise<void> {
  const warm = applyFilters(queryCollection('modules'), { q: 'warm-up', sortBy: 'stars' })
  await Promise.all([warm.limit(1).all(), warm.count()])
}

/** What a module card shows: a module as the directory's payload carries it (without its README). */
export type ModuleListItem = Omit<Module, 'readme'>

/** How many modules each category filter selects (Official counts official modules). */
export function moduleCountsQuery() {
  return queryOptions({
    queryKey: contentKey('modules', 'counts'),
    queryFn: async () => categoryCounts(await queryCollection('modules').select('category', 'official').all()),
    staleTime: Infinity,
  })
}

/** How many of `rows` each category filter selects: the answer of moduleCountsQuery, from SQL rows or the page's payload. */
export function categoryCounts(rows: readonly { category: string; official: boolean }[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const row of rows) {
    counts[row.category] = (counts[row.category] ?? 0) + 1
    if (row.official) counts.Official = (counts.Official ?? 0) + 1
  }
  return counts
}
