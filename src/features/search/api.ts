import { queryOptions } from '@tanstack/react-query'

import { site } from '@/config/site'
import type { DocsCollectionName } from '@/contract/content/collection-types'
import { docsVersions } from '@/lib/content/docs-versions'
import { queryCollectionSearchSections } from '@/lib/content/index'
import { getCollection } from '@/lib/content/manifest'
import { paletteCollections } from '@/lib/content/palette-collections'
import { contentKey } from '@/lib/content/query-key'
import { siteUrl } from '@/lib/content/url'
import { isOffline } from '@/lib/kept-fetch'

import type { SearchItem } from './ranking'
import { inScope } from './scope'
import { searchClient } from './search-client'

/** What the palette searches, and the groups whose data could not be loaded (left out, and named). */
export interface SearchItems {
  /** The docs version's prebuilt index, by its head's URL (its head loaded in the search client), when the version has one. */
  docs: string | undefined
  /** What the browser indexes itself: the blog's posts and the hosting providers. */
  items: SearchItem[]
  /** The groups left out, as the palette names them (`Blog`, `Hosting`, `Docs 4.x`). */
  missing: string[]
}

/** A palette collection's search records as the palette's items: the blog's sections, and each provider by its page's own record. */
async function loadPart(collection: 'blog' | 'deploy'): Promise<SearchItem[]> {
  const sections = await queryCollectionSearchSections(collection)
  if (collection === 'blog') return sections.map((s): SearchItem => ({ ...s, kind: 'blog', to: s.id }))
  return sections.flatMap((s): SearchItem[] =>
    s.id.includes('#') ? [] : [{ id: s.id, title: s.title, titles: ['Hosting'], content: s.content, level: 1, kind: 'hosting', to: s.id }],
  )
}

/** A docs version's prebuilt index, its head loaded in the search client: what the palette's first query needs before its shards. */
async function openDocs(collection: DocsCollectionName): Promise<string> {
  const entry = await getCollection(collection)
  if (!entry.searchIndex) throw new Error(`collection "${collection}" has no search index`)
  const url = siteUrl(entry.searchIndex.path)
  await searchClient.open(url)
  return url
}

/**
 * Everything searchable from a docs version: its prebuilt index (its sections), blog
 * posts (from any version) and hosting providers, but for the blog or the providers
 * when their section is switched off (they have no collection then). Each is loaded on
 * its own: one that fails (offline and never kept, or a flaky network) is left out and
 * named in `missing`, and the palette searches the rest. Fetched when the palette first
 * opens, again for another version, and again on the next opening while a part is missing.
 */
export function searchItemsQuery(versionPath: string) {
  return queryOptions({
    queryKey: contentKey('search-items', versionPath),
    queryFn: async (): Promise<SearchItems> => {
      const version = site.docs.versions.find((v) => v.path === versionPath)
      const collection = docsVersions.find((v) => v.path === versionPath)?.collection
      const labels = [`Docs ${version?.label ?? ''}`.trim(), ...paletteCollections.map((part) => part.label)]
      const [docs, ...parts] = await Promise.allSettled([
        collection ? openDocs(collection) : Promise.resolve(undefined),
        ...paletteCollections.map((part) => loadPart(part.collection)),
      ])
      const settled = [docs, ...parts]
      // Offline the reason is known (the palette says so); online a failure is worth a warning.
      if (!isOffline()) {
        settled.forEach((result, i) => result?.status === 'rejected' && console.warn(`[site] ${labels[i]} search could not be loaded:`, result.reason))
      }
      const items = parts.flatMap((result) => (result.status === 'fulfilled' ? result.value : []))
      return {
        docs: docs?.status === 'fulfilled' ? docs.value : undefined,
        items: items.filter((item) => item.kind === 'hosting' || inScope(item.id, versionPath)),
        missing: labels.filter((_, i) => settled[i]?.status === 'rejected'),
      }
    },
    // Items with a part missing are asked for again when the palette opens next (the network may be back).
    staleTime: (query) => (query.state.data?.missing.length ? 0 : Infinity),
  })
}
