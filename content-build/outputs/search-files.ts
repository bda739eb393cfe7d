import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'

import { buildSearchIndex, type IndexSection, type SearchIndexParts } from '../../src/contract/search-index'
import { type SectionTerms, sectionTerms } from '../../src/contract/search-terms'
import { mapLimit } from '../workers/concurrency'
import { hash } from './checksum'

const gzipAsync = promisify(gzip)

type Section = IndexSection & { content: string }

/** What a docs version's search index is made from (plain data: it may be sent to a worker). */
export interface SearchFilesSource {
  sections: readonly Section[]
  /** The language the version's words are read in. */
  lang?: string
  /** The version's collection (`docsv4`), under which a process that builds again keeps its counts. */
  name: string
}

/** Where a docs version's search files go. */
export interface SearchFilesTarget {
  /** The version's `search/` folder. */
  dir: string
  /**
   * Each file the dev server's last save wrote, by name: the folder is kept and only the
   * files whose text changed are written. Without it, a build, the folder starts afresh.
   */
  previous?: ReadonlyMap<string, SearchFileKept>
}

/** A search file as written: its checksum, and its size gzipped (the version's download size is their sum). */
export interface SearchFileKept {
  checksum: string
  gzip: number
}

export interface SearchFilesWritten {
  /** The head, but for its files' names (the writer names them with one checksum over all). */
  head: SearchIndexParts['head']
  /** The shards' and the chunks' checksums, raw sizes and gzipped sizes, in order. */
  shards: { checksum: string; raw: number; gzip: number }[]
  chunks: { checksum: string; raw: number; gzip: number }[]
  /** Their sizes gzipped, summed. */
  gzip: number
  /** Each file by name, for the next save's `previous`. */
  written: Map<string, SearchFileKept>
}

/** A docs version's index (src/contract/search-index.ts): its sections' words counted, then its head, shards and chunks. */
export function searchParts(source: SearchFilesSource, counted = new CountedSections()): SearchIndexParts {
  return buildSearchIndex(source.sections, counted.count(source))
}

/**
 * The words of each version's sections as last counted (`sectionTerms`), by the version's
 * collection, kept by a process that builds again (the dev server): a save changes a
 * section or two, and the others' counts are taken as they were where their text is the same.
 */
export class CountedSections {
  private readonly kept = new Map<string, Map<string, { section: Section; lang: string | undefined; terms: SectionTerms }>>()

  count({ name, sections, lang }: SearchFilesSource): SectionTerms[] {
    const kept = this.kept.get(name)
    const next = new Map<string, { section: Section; lang: string | undefined; terms: SectionTerms }>()
    const terms = sections.map((section) => {
      const before = kept?.get(section.id)
      const same = before && before.lang === lang && sameText(before.section, section)
      const counted = same ? before.terms : sectionTerms(section, lang)
      next.set(section.id, { section, lang, terms: counted })
      return counted
    })
    this.kept.set(name, next)
    return terms
  }
}

const sameText = (a: Section, b: Section) =>
  a.content === b.content && a.title === b.title && a.titles.length === b.titles.length && a.titles.every((title, i) => title === b.titles[i])

/**
 * A docs version's term shards and text chunks, written into its `search/` folder
 * without compressed copies: many small files a query loads a few of, which the server
 * compresses once when first asked for and keeps, as nginx and static hosts compress on
 * the way. Files a larger index had before are removed.
 */
export async function writeSearchParts(parts: SearchIndexParts, { dir, previous }: SearchFilesTarget): Promise<SearchFilesWritten> {
  if (!previous) await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  const chunkJson = parts.chunks.map((chunk) => JSON.stringify(chunk))
  const written = new Map<string, SearchFileKept>()
  const write = async (name: string, json: string) => {
    const text = Buffer.from(json)
    const checksum = hash(text)
    const before = previous?.get(name)
    // Each file's size gzipped at a quick level, for the version's download size: within an
    // eighth of the brotli the server sends it as. A save keeps an unchanged file's.
    const file = before?.checksum === checksum ? before : { checksum, gzip: (await gzipAsync(text, { level: 4 })).length }
    if (file !== before) await writeFile(join(dir, name), text)
    written.set(name, file)
    return { checksum, raw: text.length, gzip: file.gzip }
  }
  const [shards, chunks] = await Promise.all([
    mapLimit(parts.shards, 8, (shard, i) => write(`t${i}.json`, shard)),
    mapLimit(chunkJson, 8, (chunk, i) => write(`c${i}.json`, chunk)),
  ])
  if (previous) await Promise.all([...previous.keys()].filter((name) => !written.has(name)).map((name) => rm(join(dir, name), { force: true })))
  const gzip = [...shards, ...chunks].reduce((sum, file) => sum + file.gzip, 0)
  return { head: parts.head, shards, chunks, gzip, written }
}
