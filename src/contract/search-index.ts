import { countAt, SEARCH_FIELDS, type SearchFields, type SectionTerms, TERM_SEPARATOR } from './search-terms.ts'

/**
 * A docs version's search index, made by the content build so the browser need not
 * index thousands of sections itself, and cut so a query loads only what it needs:
 *
 * - the head (`head.json`): what BM25 needs about every section (the section count,
 *   each section's field lengths and their averages), the sections themselves without
 *   their text (id, title, headings, level), and the sorted dictionary of terms with
 *   where each term's postings are;
 * - term shards (`t<n>.json`): consecutive runs of the dictionary with their postings,
 *   as MiniSearch serialises them. A query's words, their prefix matches and their
 *   one-typo neighbours (all found in the dictionary) name the shards to load; the head
 *   and those shards load into MiniSearch as the whole index would, and score alike;
 * - text chunks (`c<n>.json`): the sections' texts, consecutive runs of sections, for the
 *   snippets of the results shown.
 *
 * File names in the head are relative to it and carry their checksum (`t3.json?v=…`).
 */
export const SEARCH_INDEX_FORMAT = 1

/**
 * A section as the head lists it, against the section before it (sections come page by
 * page, so most share its page and its first headings): [id, title, headings, level],
 * the id as `#heading` when the page is the previous section's, the headings as how many
 * of the previous section's it keeps and then its own.
 */
export type HeadSection = [id: string, title: string, titles: [kept: number, ...titles: string[]], level: number]

export interface SearchHead {
  format: typeof SEARCH_INDEX_FORMAT
  /**
   * The language its words were read in (search-terms.ts `termRules`), which a query's
   * must be read in too; absent for English (`headLang`), as before languages.
   */
  lang?: string
  /** Sections, in the order of their MiniSearch short ids (0, 1, …). */
  sections: HeadSection[]
  /** Each section's field lengths, in SEARCH_FIELDS order. */
  fieldLength: number[][]
  averageFieldLength: number[]
  /** Every indexed term, sorted. */
  terms: string[]
  /** Shards of `terms`: the first term's index and the file. */
  shards: { start: number; file: string }[]
  /** Chunks of `sections`' texts: the first section's index and the file. */
  chunks: { start: number; file: string }[]
}

/** MiniSearch's serialised postings of one term: field id → section short id → occurrences. */
export type TermPostings = [term: string, postings: Record<string, Record<string, number>>]
/** A term shard's file: its terms' postings, in dictionary order. */
export type SearchShard = TermPostings[]
/** A text chunk's file: the texts of consecutive sections. */
export type SearchChunk = string[]

/**
 * The head's sections, postings and texts before the writer names their files. A term
 * shard comes as its file's JSON text (a `SearchShard`), written once: the postings of a
 * large version are millions of numbers, and building them as objects to serialise took
 * most of the index's time.
 */
export interface SearchIndexParts {
  head: Omit<SearchHead, 'shards' | 'chunks'> & { shards: { start: number }[]; chunks: { start: number }[] }
  shards: string[]
  chunks: SearchChunk[]
}

export interface IndexSection extends SearchFields {
  id: string
  level: number
}

/**
 * About how large (raw JSON) a term shard and a text chunk grow before the next begins.
 * A first query loads a couple of shards and the chunks of its first ten results; larger
 * files would weigh more on it, smaller ones are more files for the build to create.
 */
export const SHARD_BYTES = 32 * 1024
export const CHUNK_BYTES = 20 * 1024

/**
 * A docs version's index from its sections and their counted words (`sectionTerms`,
 * counted where each page is built). The field averages are accumulated as MiniSearch
 * accumulates them while adding documents one by one, so scores match its own index's.
 */
export function buildSearchIndex(sections: readonly IndexSection[], counted: readonly SectionTerms[], sizes = { shard: SHARD_BYTES, chunk: CHUNK_BYTES }): SearchIndexParts {
  const averageFieldLength: number[] = []
  const fields = SEARCH_FIELDS.length
  // Every term's postings field by field, [section short id, occurrences], in two arrays
  // (term t's field f from `offsets[t * fields + f]`): counted in a first pass, filled in
  // a second, so a version of thousands of pages holds millions of them in six bytes
  // each. Sections come in short-id order, so each run is in the order MiniSearch writes.
  const termIds = new Map<string, number>()
  const runLengths: number[] = []
  const sectionTermIds = counted.map((section, shortId) => {
    section.lengths.forEach((length, fieldId) => {
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] ?? 0) * shortId + length) / (shortId + 1)
    })
    const terms = section.terms ? section.terms.split(TERM_SEPARATOR) : []
    const ids = new Int32Array(terms.length)
    terms.forEach((term, i) => {
      let id = termIds.get(term)
      if (id === undefined) {
        id = termIds.size
        termIds.set(term, id)
        for (let fieldId = 0; fieldId < fields; fieldId++) runLengths.push(0)
      }
      ids[i] = id
      for (let fieldId = 0; fieldId < fields; fieldId++) {
        const run = id * fields + fieldId
        if (countAt(section, i * fields + fieldId)) runLengths[run] = (runLengths[run] ?? 0) + 1
      }
    })
    return ids
  })
  const offsets = new Uint32Array(runLengths.length + 1)
  runLengths.forEach((length, run) => (offsets[run + 1] = (offsets[run] ?? 0) + length))
  const postingIds = new Uint32Array(offsets[runLengths.length] ?? 0)
  const postingCounts = new Uint16Array(postingIds.length)
  const next = offsets.slice(0, -1)
  sectionTermIds.forEach((ids, shortId) => {
    const section = counted[shortId] as SectionTerms
    ids.forEach((id, i) => {
      for (let fieldId = 0; fieldId < fields; fieldId++) {
        const count = countAt(section, i * fields + fieldId)
        if (!count) continue
        const run = id * fields + fieldId
        const at = next[run] ?? 0
        next[run] = at + 1
        postingIds[at] = shortId
        postingCounts[at] = count
      }
    })
  })
  /** A term's `TermPostings` as JSON: what `JSON.stringify` makes of the object MiniSearch serialises (integer keys in ascending order). */
  const termPostingsJson = (term: string, id: number): string => {
    const byField: string[] = []
    for (let fieldId = 0; fieldId < fields; fieldId++) {
      const from = offsets[id * fields + fieldId] ?? 0
      const to = offsets[id * fields + fieldId + 1] ?? 0
      if (from === to) continue
      const pairs: string[] = []
      for (let at = from; at < to; at++) pairs.push(`"${postingIds[at]}":${postingCounts[at]}`)
      byField.push(`"${fieldId}":{${pairs.join(',')}}`)
    }
    return `[${JSON.stringify(term)},{${byField.join(',')}}]`
  }
  const terms = [...termIds.keys()].sort()
  const shards: string[] = []
  const shardStarts: { start: number }[] = []
  let shard: string[] = []
  let size = Infinity
  terms.forEach((term, i) => {
    if (size >= sizes.shard) {
      if (shard.length) shards.push(`[${shard.join(',')}]`)
      shard = []
      shardStarts.push({ start: i })
      size = 0
    }
    const entry = termPostingsJson(term, termIds.get(term) ?? 0)
    shard.push(entry)
    size += entry.length
  })
  if (shard.length) shards.push(`[${shard.join(',')}]`)
  const chunks: SearchChunk[] = []
  const chunkStarts: { start: number }[] = []
  size = Infinity
  sections.forEach((section, i) => {
    if (size >= sizes.chunk) {
      chunks.push([])
      chunkStarts.push({ start: i })
      size = 0
    }
    chunks.at(-1)?.push(section.content)
    size += section.content.length + 3
  })
  return {
    head: {
      format: SEARCH_INDEX_FORMAT,
      sections: encodeSections(sections),
      fieldLength: counted.map((c) => c.lengths),
      averageFieldLength: SEARCH_FIELDS.map((_, fieldId) => averageFieldLength[fieldId] ?? 0),
      terms,
      shards: shardStarts,
      chunks: chunkStarts,
    },
    shards,
    chunks,
  }
}

/** The shard (or chunk) holding item `at`, from their sorted starts. */
export function partOf(starts: readonly { start: number }[], at: number): number {
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const mid = (low + high + 1) >> 1
    if ((starts[mid]?.start ?? 0) <= at) low = mid
    else high = mid - 1
  }
  return low
}

/** Sections as the head lists them (see HeadSection). */
export function encodeSections(sections: readonly IndexSection[]): HeadSection[] {
  let page = ''
  let titles: readonly string[] = []
  return sections.map((section) => {
    const at = section.id.indexOf('#')
    const own = at < 0 ? section.id : section.id.slice(0, at)
    const id = at >= 0 && own === page ? section.id.slice(at) : section.id
    let kept = 0
    while (kept < titles.length && kept < section.titles.length && titles[kept] === section.titles[kept]) kept++
    page = own
    titles = section.titles
    return [id, section.title, [kept, ...section.titles.slice(kept)], section.level]
  })
}

/** A head's section as it was listed before its encoding. */
export interface DecodedSection {
  id: string
  title: string
  titles: string[]
  level: number
}

/** The head's sections as they were (id, title, headings above, level), each made by `make`; sections under the same headings share one array of them. */
export function decodeSections<T = DecodedSection>(
  listed: readonly HeadSection[],
  make: (id: string, title: string, titles: string[], level: number) => T = (id, title, titles, level) => ({ id, title, titles, level }) as T,
): T[] {
  // One pass, with no copies but the headings that change: a version has thousands of sections, decoded as its search opens.
  const decoded: T[] = new Array<T>(listed.length)
  let page = ''
  let titles: string[] = []
  for (let i = 0; i < listed.length; i++) {
    const [listedId, title, headings, level] = listed[i] as HeadSection
    const kept = headings[0]
    const id = listedId.startsWith('#') ? page + listedId : listedId
    if (!listedId.startsWith('#')) {
      const at = id.indexOf('#')
      page = at < 0 ? id : id.slice(0, at)
    }
    if (kept !== titles.length || headings.length > 1) titles = titles.slice(0, kept).concat(headings.slice(1) as string[])
    decoded[i] = make(id, title, titles, level)
  }
  return decoded
}
