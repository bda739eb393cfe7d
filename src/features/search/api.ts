import { queryOptions } from '@tanstack/react-query'

import { site } from '@/config/site'
import { docsVersions } from '@/lib/content/docs-versions'
import { queryCollection, queryCollectionSearchSections } from '@/lib/content/index'
import { contentKey } from '@/lib/content/query-key'

import { inScope, type SearchItem } from './ranking'

/**
 * Everything searchable from a docs version: its sections, blog posts (from any version) and
 * hosting providers, but for the blog or the providers when their section is switched
 * off (they have no collection then). Fetched when the palette first opens, again for
 * another version.
 */
export function searchItemsQuery(versionPath: string) {
  return queryOptions({
    queryKey: contentKey('search-items', versionPath),
    queryFn: async (): Promise<SearchItem[]> => {
      const collection = docsVersions.find((v) => v.path === versionPath)?.collection
      const [docs, blog, hosting] = await Promise.all([
        collection ? queryCollectionSearchSections(collection) : Promise.resolve([]),
        site.sections.blog
          ? queryCollectionSearchSections('blog').catch((error: unknown) => {
              console.error('[site] blog search could not be loaded:', error)
              return []
            })
          : [],
        site.sections.deploy ? queryCollection('deploy').select('title', 'path', 'description').all() : [],
      ])
      const sections: SearchItem[] = [...docs, ...blog].filter((s) => inScope(s.id, versionPath)).map((s) => ({ ...s, kind: s.id.startsWith('/blog') ? 'blog' : 'docs', to: s.id }))
      const providers: SearchItem[] = hosting.map((p) => ({ id: p.path, title: p.title, titles: ['Hosting'], content: p.description, level: 1, kind: 'hosting', to: p.path }))
      return [...sections, ...providers]
    },
    staleTime: Infinity,
  })
}
