import MiniSearch, { type SearchResult as MiniResult } from 'minisearch'
import { stemmer } from 'stemmer'

import { FUZZY_LIMIT, normalise, SEARCH_LIMIT, type SearchItem, type SearchResult } from './ranking'

/** Words that say nothing about a page (`how do I …`): left out of the index and of queries. */
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i in into is it my of on or so that the this to up use using was what when where which why will with you your'.split(' '),
)

/** The fields of a section, and how much a match in each weighs: its title most, then the headings above it. */
const FIELDS = ['title', 'titles', 'content'] as const
const BOOST = { title: 6, titles: 2, content: 1 }
/** A page's own section over the sections of other pages that match as well (`install` → Installation, not Testing › Installation). */
const PAGE_BOOST = 2

/**
 * Words of a text: letters and digits, and the parts of identifiers (`useAsyncData`
 * is also `use`, `async` and `data`; `navigate-to` also `navigate`, `to`), so API names
 * are found by their words too.
 */
export function tokenize(text: string): string[] {
  const words: string[] = []
  for (const token of text.split(/[^\p{L}\p{N}_$.-]+/u)) {
    const parts = token.split(/[_$.-]+|(?<=[\p{Ll}\p{N}])(?=\p{Lu})/u).filter(Boolean)
    const whole = token.replace(/^[_$.-]+|[_$.-]+$/g, '')
    if (whole) words.push(whole)
    if (parts.length > 1) words.push(...parts)
  }
  return words
}

/** Stems by word: a page repeats its words, and stemming is the costliest step of indexing. */
const stems = new Map<string, string>()

/** A word as searched: folded and stemmed (`navigation` and `navigate` meet); stop words dropped. */
export function processQueryTerm(term: string): string | null {
  const word = normalise(term)
  if (!word || STOP_WORDS.has(word)) return null
  if (!/^[a-z]+$/.test(word)) return word
  let stem = stems.get(word)
  if (stem === undefined) {
    stem = stemmer(word)
    if (stems.size > 50_000) stems.clear()
    stems.set(word, stem)
  }
  return stem
}

/** A word as indexed: its stem, and the word itself (a typo is one letter from the word, not from its stem). */
export function processIndexTerm(term: string): string | string[] | null {
  const stem = processQueryTerm(term)
  if (stem === null) return null
  const word = normalise(term)
  return stem === word ? stem : [stem, word]
}

/** A result with the words of the page that matched (for highlighting). */
export interface RankedResult extends SearchResult {
  terms: string[]
}

/**
 * The palette's index over docs sections, blog posts and hosting providers (MiniSearch):
 * BM25 scoring with field boosts (title over headings over text), every word of the
 * query a prefix while typing (from three letters), one typo forgiven in words of five
 * letters or more, and stemming so `navigate` finds `navigation`. Sections whose page
 * matches rank with their page; whole pages weigh a little more than their sections.
 */
export class SearchIndex {
  private readonly index: MiniSearch<SearchItem>
  private readonly byId: Map<string, SearchItem>

  constructor(items: readonly SearchItem[]) {
    this.byId = new Map(items.map((item) => [item.id, item]))
    this.index = new MiniSearch<SearchItem>({
      idField: 'id',
      fields: [...FIELDS],
      extractField: (item, field) => (field === 'titles' ? item.titles.join(' ') : String(item[field as keyof SearchItem] ?? '')),
      tokenize,
      processTerm: processIndexTerm,
      searchOptions: {
        processTerm: processQueryTerm,
        boost: BOOST,
        prefix: (term) => term.length >= 3,
        fuzzy: (term) => (term.length >= 5 ? 1 : 0),
        // A page (level 1) over its own sections when both match as well.
        boostDocument: (id) => ((this.byId.get(String(id))?.level ?? 2) <= 1 ? PAGE_BOOST : 1),
      },
    })
    this.index.addAll(items)
  }

  /** The best sections for a query: all its words first, any of them when none has all; at most SEARCH_LIMIT. */
  search(query: string): RankedResult[] {
    if (!query.trim()) return []
    let found = this.index.search(query, { combineWith: 'AND' })
    if (!found.length) found = this.index.search(query, { combineWith: 'OR' }).slice(0, FUZZY_LIMIT)
    return found.slice(0, SEARCH_LIMIT).flatMap((result: MiniResult) => {
      const item = this.byId.get(String(result.id))
      return item ? [{ item, score: result.score, terms: result.terms }] : []
    })
  }
}
