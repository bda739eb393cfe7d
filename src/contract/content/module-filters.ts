import { moduleCategories } from './categories.ts'
import type { CollectionQuery } from './query-builder.ts'
import { escapeLike, MAX_LIKE_PATTERN_LENGTH } from './query-builder.ts'

/** SPEC point 9: the sort keys and their labels; downloads is the default. */
export const moduleSorts = [
  { value: 'downloads', label: 'Downloads' },
  { value: 'stars', label: 'Stars' },
  { value: 'publishedAt', label: 'Updated' },
  { value: 'createdAt', label: 'Created' },
] as const
export type ModuleSort = (typeof moduleSorts)[number]['value']
export type ModuleOrder = 'asc' | 'desc'
export type ModuleCategoryFilter = (typeof moduleCategories)[number]

/** What /modules shows, as its URL query holds it (`?category=UI&q=form&sortBy=stars&orderBy=asc`). */
export interface ModuleFilters {
  category?: ModuleCategoryFilter
  q: string
  sortBy?: ModuleSort
  orderBy?: ModuleOrder
}

/** The longest text filter kept: longer input is cut, not refused. */
export const MAX_QUERY_LENGTH = 100

const isSort = (value: string | null): value is ModuleSort => moduleSorts.some((s) => s.value === value)
const isCategory = (value: string | null): value is ModuleCategoryFilter => moduleCategories.some((c) => c === value)

/** The filters in a URL query; unknown values are ignored, so a hand-edited link still opens. */
export function readFilters(params: URLSearchParams): ModuleFilters {
  const category = params.get('category')
  const sortBy = params.get('sortBy')
  const orderBy = params.get('orderBy')
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    ...(isCategory(category) ? { category } : {}),
    ...(isSort(sortBy) ? { sortBy } : {}),
    ...(orderBy === 'asc' || orderBy === 'desc' ? { orderBy } : {}),
  }
}

/** The URL query for some filters, leaving out what is not set and keeping other parameters. */
export function writeFilters(filters: ModuleFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base)
  for (const key of ['category', 'q', 'sortBy', 'orderBy'] as const) {
    const value = filters[key]
    if (value) params.set(key, value)
    else params.delete(key)
  }
  return params
}

/** One string per filter state: `category|q|sortBy|orderBy`, empty where unset, the text trimmed. */
export function filtersKey(filters: ModuleFilters): string {
  return [filters.category ?? '', filters.q.trim(), filters.sortBy ?? '', filters.orderBy ?? ''].join('|')
}

/** The longest module search read: escaped (each character at most two) between two `%`, it fits a LIKE pattern. */
export const SEARCH_CHARS = (MAX_LIKE_PATTERN_LENGTH - 2) / 2

/**
 * The SQL of a filter state, on the modules collection: the names of the modules it
 * shows, in order (the cards' other fields are already on the page), with the project's query
 * builder: it runs in the sql.js worker, or on the query endpoint without WebAssembly.
 * - `category`: Official selects official modules; any other is the module's category;
 * - `q`: name, npm, category, description or repo contains it, case-insensitive, with
 *   `%`, `_` and backslashes matched literally (quotes are escaped by the builder); a
 *   search longer than a LIKE pattern may hold, escaped, is cut there (SEARCH_CHARS);
 * - with `sortBy` or `orderBy`: that stat (downloads by default), descending unless asc;
 * - with neither: sponsors first, then official modules, then by downloads (SPEC point 4).
 * Ties go by name, so the order is stable.
 */
export function applyFilters<Q extends CollectionQuery<'modules'>>(query: Q, filters: ModuleFilters) {
  const selected = query.select('name')
  if (filters.category === 'Official') selected.where('official', '=', true)
  else if (filters.category) selected.where('category', '=', filters.category)
  const q = filters.q.trim().slice(0, SEARCH_CHARS)
  if (q) {
    const pattern = `%${escapeLike(q)}%`
    selected.orWhere((group) => {
      for (const field of ['name', 'npm', 'category', 'description', 'repo'] as const) group.where(field, 'LIKE', pattern)
      return group
    })
  }
  if (filters.sortBy || filters.orderBy) {
    selected.order(filters.sortBy ?? 'downloads', filters.orderBy === 'asc' ? 'ASC' : 'DESC')
  } else {
    selected.order('sponsor', 'DESC').order('official', 'DESC').order('downloads', 'DESC')
  }
  return selected.order('name', 'ASC')
}
