import { once } from 'node:events'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createGzip } from 'node:zlib'

import { buildSearchIndex, type IndexSection, type SearchIndexParts } from '../../src/contract/search-index'
import { sectionTerms } from '../../src/contract/search-terms'
import { mapLimit } from '../workers/concurrency'
import { hash } from './checksum'

/** What a docs version's search index is made from (plain data: it may be sent to a worker). */
export interface SearchFilesSource {
  sections: readonly (IndexSection & { content: string })[]
  /** The language the version's words are read in. */
  lang?: string
}

/** Where a docs version's search files go. */
export interface SearchFilesTarget {
  /** The version's `search/` folder. */
  dir: string
  /**
   * The checksum of each file the dev server's last save wrote, by name: the folder is
   * kept and only the files whose text changed are written. Without it, a build, the
   * folder starts afresh.
   */
  previous?: ReadonlyMap<string, string>
}

export interface SearchFilesWritten {
  /** The head, but for its files' names (the writer names them with one checksum over all). */
  head: SearchIndexParts['head']
  /** The shards' and the chunks' checksums and raw sizes, in order. */
  shards: { checksum: string; raw: number }[]
  chunks: { checksum: string; raw: number }[]
  /** All of them gzipped as one (see `gzippedSize`). */
  gzip: number
  /** The checksum of each file by name, for the next save's `previous`. */
  written: Map<string, string>
}

/** A docs version's index (src/contract/search-index.ts): its sections' words counted, then its head, shards and chunks. */
export function searchParts({ sections, lang }: SearchFilesSource): SearchIndexParts {
  return buildSearchIndex(
    sections,
    sections.map((section) => sectionTerms(section, lang)),
  )
}

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
  const written = new Map<string, string>()
  const write = async (name: string, json: string) => {
    const text = Buffer.from(json)
    const checksum = hash(text)
    if (previous?.get(name) !== checksum) await writeFile(join(dir, name), text)
    written.set(name, checksum)
    return { checksum, raw: text.length }
  }
  const [shards, chunks, gzip] = await Promise.all([
    mapLimit(parts.shards, 8, (shard, i) => write(`t${i}.json`, shard)),
    mapLimit(chunkJson, 8, (chunk, i) => write(`c${i}.json`, chunk)),
    // Their compressed size, for the version's download size: the files as one, gzipped
    // fast. That comes within an eighth of what a browser downloads them as (brotli, file
    // by file), for one quick compression instead of hundreds.
    gzippedSize([...parts.shards, ...chunkJson]),
  ])
  if (previous) await Promise.all([...previous.keys()].filter((name) => !written.has(name)).map((name) => rm(join(dir, name), { force: true })))
  return { head: parts.head, shards, chunks, gzip, written }
}

/** The size of texts gzipped quickly as one, streamed: at 5,000 pages they are 60 MB, too much to copy into one buffer beside them. */
async function gzippedSize(texts: readonly string[]): Promise<number> {
  const gz = createGzip({ level: 1 })
  let size = 0
  gz.on('data', (chunk: Buffer) => (size += chunk.length))
  const ended = once(gz, 'end')
  for (const text of texts) if (!gz.write(text)) await once(gz, 'drain')
  gz.end()
  await ended
  return size
}
