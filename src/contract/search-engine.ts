import MiniSearch, { type Options, type SearchResult as MiniResult } from 'minisearch'

import {
  fieldText,
  isPrefixTerm,
  normalise,
  PAGE_BOOST,
  processIndexTerm,
  processQueryTerm,
  SEARCH_BOOST,
  SEARCH_FIELDS,
  type TermRules,
  termRules,
  tokenize,
  typosAllowed,
} from './search-terms.ts'

export { processIndexTerm, processQueryTerm, tokenize }

/** SPEC point 9: at most 42 results, and at most 42 from the fuzzy fallback. */
export const SEARCH_LIMIT = 42
export const FUZZY_LIMIT = 42

export interface SearchItem {
  /** The section id (`/docs/4.x/a#b`) or a page path. */
  id: string
  title: string
  titles: string[]
  content: string
  level: number
  kind: 'docs' | 'blog' | 'hosting'
  /** Where choosing it goes. */
  to: string
  /** The locale code of a section of another language's edition (the palette searching all languages); absent for the page's own. */
  locale?: string
}

export interface SearchResult {
  item: SearchItem
  score: number
}

/** A short extract of `content` around the first place a matched word starts. */
export function snippet(content: string, terms: readonly string[], length = 120): string {
  const folded = normalise(content)
  const at = Math.min(...terms.map((term) => folded.search(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}`, 'u'))).filter((i) => i >= 0), Number.MAX_SAFE_INTEGER)
  const start = at === Number.MAX_SAFE_INTEGER ? 0 : Math.max(0, at - 30)
  const text = content.slice(start, start + length).trim()
  return `${start > 0 ? '…' : ''}${text}${start + length < content.length ? '…' : ''}`
}

/** A result with the words of the page that matched (for highlighting). */
export interface RankedResult extends SearchResult {
  terms: string[]
}

/** A hit before its item is known: MiniSearch's id, score and matched words. */
export interface Hit {
  id: string
  score: number
  terms: string[]
}

/**
 * The palette's MiniSearch options, for an index built here and for one the content
 * build made (search-index.ts): BM25 scoring with field boosts (title over headings
 * over text), every word of the query a prefix while typing (from three letters), one
 * typo forgiven in words of five letters or more, and the words read by the rules of
 * the index's language (English stemmed, so `navigate` finds `navigation`; others folded).
 * Whole pages (level 1) weigh a little more than their sections.
 */
export function searchOptions(levelOf: (id: string) => number | undefined, rules: TermRules = termRules()): Options<SearchItem> {
  return {
    idField: 'id',
    fields: [...SEARCH_FIELDS],
    extractField: (item, field) => (field === 'id' ? item.id : fieldText(item, field as (typeof SEARCH_FIELDS)[number])),
    tokenize,
    processTerm: rules.processIndexTerm,
    searchOptions: {
      processTerm: rules.processQueryTerm,
      boost: SEARCH_BOOST,
      prefix: isPrefixTerm,
      fuzzy: typosAllowed,
      // A page (level 1) over its own sections when both match as well.
      boostDocument: (id) => ((levelOf(String(id)) ?? 2) <= 1 ? PAGE_BOOST : 1),
    },
  }
}

/** A query's hits in one index: all its words first, any of them when none has all. */
export function searchHits(index: MiniSearch<SearchItem>, query: string, combineWith: 'AND' | 'OR'): Hit[] {
  return index.search(query, { combineWith }).map((result: MiniResult) => ({ id: String(result.id), score: result.score, terms: result.terms }))
}

/**
 * The best hits of several indexes (a docs version's, the blog's and the providers'),
 * as one index over them all would rank them: all the query's words first, any of them
 * when no index has a result with all; at most SEARCH_LIMIT.
 */
export async function bestOf(query: string, search: (combineWith: 'AND' | 'OR') => Promise<RankedResult[]>): Promise<RankedResult[]> {
  if (!query.trim()) return []
  const byScore = (a: RankedResult, b: RankedResult) => b.score - a.score
  let found = (await search('AND')).sort(byScore)
  if (!found.length) found = (await search('OR')).sort(byScore).slice(0, FUZZY_LIMIT)
  return found.slice(0, SEARCH_LIMIT)
}

/**
 * The palette's index over items the browser has in full (the blog's posts, the hosting
 * providers; any items in tests), their words read as `lang`'s (English when not given).
 * Sections whose page matches rank with their page.
 */
export class SearchIndex {
  private readonly index: MiniSearch<SearchItem>
  private readonly byId: Map<string, SearchItem>

  constructor(items: readonly SearchItem[], lang?: string) {
    this.byId = new Map(items.map((item) => [item.id, item]))
    this.index = new MiniSearch<SearchItem>(searchOptions((id) => this.byId.get(id)?.level, termRules(lang)))
    this.index.addAll(items)
  }

  /** The ranked items of a query combined one way (see `bestOf`). */
  find(query: string, combineWith: 'AND' | 'OR'): RankedResult[] {
    return searchHits(this.index, query, combineWith).flatMap((hit) => {
      const item = this.byId.get(hit.id)
      return item ? [{ item, score: hit.score, terms: hit.terms }] : []
    })
  }

  /** The best sections for a query: all its words first, any of them when none has all; at most SEARCH_LIMIT. */
  search(query: string): RankedResult[] {
    if (!query.trim()) return []
    let found = this.find(query, 'AND')
    if (!found.length) found = this.find(query, 'OR').slice(0, FUZZY_LIMIT)
    return found.slice(0, SEARCH_LIMIT)
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
