import MiniSearch from 'minisearch'

import { type RankedResult, searchHits, type SearchItem, searchOptions } from './search-engine.ts'
import { decodeSections, partOf, type SearchChunk, type SearchHead, type SearchShard } from './search-index.ts'
import { isPrefixTerm, SEARCH_FIELDS, type TermRules, termRules, tokenize, typosAllowed } from './search-terms.ts'

/** Reads a build output's JSON (the head, a shard, a chunk) by its absolute URL. */
export type FetchJson = (url: string) => Promise<unknown>

/**
 * A docs version's index as the content build made it (src/contract/search-index.ts):
 * opened with its head alone, it loads for each query the term shards its words, their
 * prefix matches and their one-typo neighbours live in, and for the results shown the
 * chunks their texts live in. What it has loaded it keeps. Its scores are the scores of
 * one MiniSearch index over the whole version: the head carries every count BM25 uses.
 * Queries are read by the rules of the language the head names, as the build read the pages.
 */
export class PrebuiltIndex {
  private readonly shards = new Map<number, Promise<SearchShard>>()
  private readonly loaded: SearchShard[] = []
  private readonly chunks = new Map<number, Promise<SearchChunk | undefined>>()
  private readonly loadedChunks = new Map<number, SearchChunk>()
  private readonly items: SearchItem[]
  private readonly dictionary: Map<string, number>
  /** Each section's place (its short id) by its id. */
  private readonly at: Map<string, number>
  /** How its words were read, and so how a query's must be. */
  private readonly rules: TermRules
  private index: { shards: number; extra: readonly SearchItem[]; search: MiniSearch<SearchItem> } | undefined
  /** Items the browser has in full (the blog's posts, the providers), searched in the same index. */
  private extra: readonly SearchItem[] = []
  private extraById = new Map<string, SearchItem>()

  private constructor(
    private readonly url: string,
    private readonly head: SearchHead,
    private readonly fetchJson: FetchJson,
  ) {
    this.items = decodeSections(head.sections, (id, title, titles, level): SearchItem => ({ id, title, titles, content: '', level, kind: 'docs', to: id }))
    this.dictionary = new Map(head.terms.map((term, i) => [term, i]))
    this.at = new Map(this.items.map((item, i) => [item.id, i]))
    this.rules = termRules(head.lang)
  }

  /** The index of the head at `url` (rejects when it cannot be read: the version's group is then missing). */
  static async open(url: string, fetchJson: FetchJson): Promise<PrebuiltIndex> {
    return new PrebuiltIndex(url, (await fetchJson(url)) as SearchHead, fetchJson)
  }

  /**
   * Loads every term shard and text chunk now, so no query waits for a file and the
   * MiniSearch index is made once: for a server, which answers many queries from one
   * index (a browser loads only what its reader's queries need).
   */
  async loadAll(): Promise<this> {
    await Promise.all([...this.head.shards.keys()].map((n) => this.shard(n)))
    await Promise.all([...this.head.chunks.keys()].map((n) => this.chunk(n)))
    this.searchable()
    return this
  }

  /** The shards a query needs: those of its terms as typed, their prefix matches and their one-typo neighbours. */
  shardsFor(query: string): number[] {
    const { terms, shards } = this.head
    const wanted = new Set<number>()
    for (const term of tokenize(query).flatMap((word) => this.rules.processQueryTerm(word) ?? [])) {
      const exact = this.dictionary.get(term)
      if (exact !== undefined) wanted.add(exact)
      if (isPrefixTerm(term)) {
        for (let i = lowerBound(terms, term); i < terms.length && terms[i]?.startsWith(term); i++) wanted.add(i)
      }
      if (typosAllowed(term)) terms.forEach((candidate, i) => oneEditApart(term, candidate) && wanted.add(i))
    }
    return [...new Set([...wanted].map((i) => partOf(shards, i)))].sort((a, b) => a - b)
  }

  /**
   * Items the browser has in full (the blog's posts, the providers) to search with the
   * version's sections, in the same index: as in one index over them all, their counts
   * and the sections' weigh on each other's scores, so the groups rank together.
   */
  include(items: readonly SearchItem[]) {
    if (items === this.extra) return
    this.extra = items
    this.extraById = new Map(items.map((item) => [item.id, item]))
  }

  /** A query's ranked sections (and included items) combined one way, the sections' texts not loaded yet (see `withTexts`). */
  async find(query: string, combineWith: 'AND' | 'OR'): Promise<RankedResult[]> {
    await Promise.all(this.shardsFor(query).map((n) => this.shard(n)))
    return searchHits(this.searchable(), query, combineWith).flatMap((hit) => {
      const item = this.items[this.at.get(hit.id) ?? -1] ?? this.extraById.get(hit.id)
      return item ? [{ item, score: hit.score, terms: hit.terms }] : []
    })
  }

  /** Results with the texts of the sections whose chunks are here already: nothing is loaded for them (see `texts`). */
  withLoadedTexts(results: readonly RankedResult[]): RankedResult[] {
    return results.map((result) => {
      const content = result.item.kind === 'docs' ? this.loadedText(result.item.id) : undefined
      return content ? { ...result, item: { ...result.item, content } } : result
    })
  }

  /** The texts of this version's sections by id (ids it does not have are left out). */
  async texts(ids: readonly string[]): Promise<Map<string, string>> {
    const { at, head } = this
    const known = ids.filter((id) => at.has(id))
    await Promise.all([...new Set(known.map((id) => partOf(head.chunks, at.get(id) ?? 0)))].map((n) => this.chunk(n)))
    const texts = new Map<string, string>()
    for (const id of known) {
      const content = this.loadedText(id)
      if (content) texts.set(id, content)
    }
    return texts
  }

  /** A section's text, when the chunk it lives in has been loaded. */
  private loadedText(id: string): string | undefined {
    const i = this.at.get(id)
    if (i === undefined) return undefined
    const n = partOf(this.head.chunks, i)
    return this.loadedChunks.get(n)?.[i - (this.head.chunks[n]?.start ?? 0)]
  }

  private shard(n: number): Promise<SearchShard> {
    let shard = this.shards.get(n)
    if (!shard) {
      const file = this.head.shards[n]?.file ?? ''
      shard = this.fetchJson(new URL(file, this.url).href).then((data) => {
        this.loaded.push(data as SearchShard)
        return data as SearchShard
      })
      // A shard that failed is asked for again by the next query (the network may be back).
      shard.catch(() => this.shards.delete(n))
      this.shards.set(n, shard)
    }
    return shard
  }

  private chunk(n: number): Promise<SearchChunk | undefined> {
    let chunk = this.chunks.get(n)
    if (!chunk) {
      const file = this.head.chunks[n]?.file ?? ''
      chunk = this.fetchJson(new URL(file, this.url).href).then(
        (data) => {
          this.loadedChunks.set(n, data as SearchChunk)
          return data as SearchChunk
        },
        () => {
          this.chunks.delete(n)
          return undefined
        },
      )
      this.chunks.set(n, chunk)
    }
    return chunk
  }

  /** MiniSearch over the head, the shards loaded so far and the included items, made again when more have come. */
  private searchable(): MiniSearch<SearchItem> {
    if (this.index?.shards === this.loaded.length && this.index.extra === this.extra) return this.index.search
    const { head, items } = this
    const index = this.loaded.flat()
    // MiniSearch is told of the sections these postings name, not of all of them: it needs a hit's id and field
    // lengths, and takes the section count and average lengths as given, so the scores are the whole index's.
    const documentIds: Record<string, string> = {}
    const fieldLength: Record<string, number[]> = {}
    for (const [, fields] of index) {
      for (const field in fields) {
        for (const section in fields[field]) {
          if (section in documentIds) continue
          documentIds[section] = items[Number(section)]?.id ?? ''
          fieldLength[section] = head.fieldLength[Number(section)] ?? []
        }
      }
    }
    const search = MiniSearch.loadJS<SearchItem>(
      {
        documentCount: head.sections.length,
        nextId: head.sections.length,
        documentIds,
        fieldLength,
        fieldIds: Object.fromEntries(SEARCH_FIELDS.map((field, i) => [field, i])),
        averageFieldLength: head.averageFieldLength,
        storedFields: {},
        dirtCount: 0,
        index,
        serializationVersion: 2,
      },
      searchOptions((id) => (this.items[this.at.get(id) ?? -1] ?? this.extraById.get(id))?.level, this.rules),
    )
    search.addAll(this.extra)
    this.index = { shards: this.loaded.length, extra: this.extra, search }
    return search
  }
}

/** The first index in sorted `terms` not before `term`. */
function lowerBound(terms: readonly string[], term: string): number {
  let low = 0
  let high = terms.length
  while (low < high) {
    const mid = (low + high) >> 1
    if ((terms[mid] ?? '') < term) low = mid + 1
    else high = mid
  }
  return low
}

/** Whether two words are one letter apart (one inserted, removed or changed), as MiniSearch's fuzzy match counts. */
export function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1)
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}
