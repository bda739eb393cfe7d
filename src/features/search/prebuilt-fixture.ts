import { buildSearchIndex, type IndexSection, type SearchHead } from '@/contract/search-index'
import { sectionTerms } from '@/contract/search-terms'

import type { FetchJson } from './prebuilt-index'

/**
 * For tests: sections indexed as the content build indexes a docs version, its files
 * held in memory and read by `fetchJson` (which records every URL asked for) from
 * `${origin}/search/`. Small shards and chunks unless given, so a query loads a few of many.
 */
export function prebuiltFixture(sections: readonly IndexSection[], sizes = { shard: 512, chunk: 512 }) {
  const parts = buildSearchIndex(sections, sections.map(sectionTerms), sizes)
  const files = new Map<string, unknown>()
  const head: SearchHead = {
    ...parts.head,
    shards: parts.head.shards.map((shard, i) => ({ start: shard.start, file: `t${i}.json?v=${i}` })),
    chunks: parts.head.chunks.map((chunk, i) => ({ start: chunk.start, file: `c${i}.json?v=${i}` })),
  }
  parts.shards.forEach((shard, i) => files.set(`t${i}.json?v=${i}`, shard))
  parts.chunks.forEach((chunk, i) => files.set(`c${i}.json?v=${i}`, chunk))
  files.set('head.json', head)
  const asked: string[] = []
  const fetchJson: FetchJson = (url) => {
    const { pathname, search } = new URL(url)
    const name = `${pathname.slice(pathname.lastIndexOf('/') + 1)}${search}`
    asked.push(name)
    // A copy, as a fetch parses a new one each time.
    return files.has(name) ? Promise.resolve(structuredClone(files.get(name))) : Promise.reject(new TypeError('Failed to fetch'))
  }
  return { url: 'http://site.test/search/head.json', head, fetchJson, asked, files }
}
