import type { SearchSection } from '@/contract/content/build-output'
import type { FetchJson } from '@/contract/prebuilt-index'
import { buildSearchIndex, type IndexSection, type SearchHead } from '@/contract/search-index'
import { headLang, sectionTerms } from '@/contract/search-terms'

import type { SearchSource } from './search-client'

/**
 * For tests: sections indexed as the content build indexes a docs edition in `lang`
 * (English unless given), its files held in memory and read by `fetchJson` (which
 * records every URL asked for) from `url`'s folder. Small shards and chunks unless
 * given, so a query loads a few of many.
 */
export function prebuiltFixture(
  sections: readonly IndexSection[],
  sizes = { shard: 512, chunk: 512 },
  { lang, url = 'http://site.test/search/head.json' }: { lang?: string; url?: string } = {},
) {
  const parts = buildSearchIndex(
    sections,
    sections.map((section) => sectionTerms(section, lang)),
    sizes,
  )
  const files = new Map<string, unknown>()
  const indexLang = headLang(lang)
  const head: SearchHead = {
    ...parts.head,
    ...(indexLang ? { lang: indexLang } : {}),
    shards: parts.head.shards.map((shard, i) => ({ start: shard.start, file: `t${i}.json?v=${i}` })),
    chunks: parts.head.chunks.map((chunk, i) => ({ start: chunk.start, file: `c${i}.json?v=${i}` })),
  }
  parts.shards.forEach((shard, i) => files.set(`t${i}.json?v=${i}`, JSON.parse(shard)))
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
  /**
   * What the palette searches: these sections as the version's index (unless `docs` is
   * false), and the blog's and providers' records served beside them (`blog-search.json`,
   * `hosting-search.json`).
   */
  const source = (records: { blog?: readonly SearchSection[]; hosting?: readonly SearchSection[] } = {}, { docs = true, scope = '/docs/4.x' } = {}): SearchSource => {
    const parts = (['blog', 'hosting'] as const).flatMap((kind) => {
      const list = records[kind]
      if (!list) return []
      files.set(`${kind}-search.json`, list)
      return [{ url: `http://site.test/parts/${kind}-search.json`, kind, label: kind === 'blog' ? 'Blog' : 'Hosting' }]
    })
    return { ...(docs && { docs: { url, label: 'Docs 4.x' } }), parts, scope }
  }
  return { url, head, fetchJson, asked, files, source }
}
