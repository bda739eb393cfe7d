import { queryOptions } from '@tanstack/react-query'

import { site } from '@/config/site'
import { docsVersions } from '@/lib/content/docs-versions'
import { queryCollection, queryCollectionSearchSections, type SearchSection } from '@/lib/content/index'
import { paletteCollections } from '@/lib/content/palette-collections'
import { contentKey } from '@/lib/content/query-key'
import { isOffline } from '@/lib/kept-fetch'

import { inScope, type SearchItem } from './ranking'

/** What the palette searches, and the groups whose data could not be loaded (left out, and named). */
export interface SearchItems {
  items: SearchItem[]
  /** The groups left out, as the palette names them (`Blog`, `Hosting`, `Docs 4.x`). */
  missing: string[]
}

function loadPart(collection: 'blog' | 'deploy'): Promise<SearchItem[]> {
  if (collection === 'blog') return queryCollectionSearchSections('blog').then((sections) => sectionItems(sections, 'blog'))
  return queryCollection('deploy')
    .select('title', 'path', 'description')
    .all()
    .then((hosting) => hosting.map((p): SearchItem => ({ id: p.path, title: p.title, titles: ['Hosting'], content: p.description, level: 1, kind: 'hosting', to: p.path })))
}

function sectionItems(sections: readonly SearchSection[], kind: 'docs' | 'blog'): SearchItem[] {
  return sections.map((s) => ({ ...s, kind, to: s.id }))
}

/**
 * Everything searchable from a docs version: its sections, blog posts (from any version)
 * and hosting providers, but for the blog or the providers when their section is switched
 * off (they have no collection then). Each is loaded on its own: one that fails (offline
 * and never kept, or a flaky network) is left out and named in `missing`, and the palette
 * searches the rest. Fetched when the palette first opens, again for another version, and
 * again on the next opening while a part is missing.
 */
export function searchItemsQuery(versionPath: string) {
  return queryOptions({
    queryKey: contentKey('search-items', versionPath),
    queryFn: async (): Promise<SearchItems> => {
      const version = site.docs.versions.find((v) => v.path === versionPath)
      const collection = docsVersions.find((v) => v.path === versionPath)?.collection
      const parts = [
        { label: `Docs ${version?.label ?? ''}`.trim(), load: async () => (collection ? sectionItems(await queryCollectionSearchSections(collection), 'docs') : []) },
        ...paletteCollections.map((part) => ({ label: part.label, load: () => loadPart(part.collection) })),
      ]
      const settled = await Promise.allSettled(parts.map((part) => part.load()))
      // Offline the reason is known (the palette says so); online a failure is worth a warning.
      if (!isOffline()) {
        settled.forEach((result, i) => result.status === 'rejected' && console.warn(`[site] ${parts[i]?.label} search could not be loaded:`, result.reason))
      }
      const items = settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : []))
      return {
        items: items.filter((item) => item.kind === 'hosting' || inScope(item.id, versionPath)),
        missing: parts.filter((_, i) => settled[i]?.status === 'rejected').map((part) => part.label),
      }
    },
    // Items with a part missing are asked for again when the palette opens next (the network may be back).
    staleTime: (query) => (query.state.data?.missing.length ? 0 : Infinity),
  })
}
