import { queryOptions } from '@tanstack/react-query'

import { paths } from '../../config/paths'
import type { Collections } from '../../lib/content/collection-types'
import { pageHeader, type PageHeader } from '../../lib/content/listing'
import { contentPageQuery } from '../../lib/content/page'
import { contentKey } from '../../lib/content/query-key'
import { trustBuildOutput } from '../../lib/content/trusted'
import { queryClient } from '../../lib/query-client'

export interface Landing {
  header: PageHeader
  page: Collections['index']
  /** The newest published posts, the directory's top modules and the featured providers the build picked (content-build/listings.ts). */
  posts: Omit<Collections['blog'], 'body'>[]
  modules: Collections['modules'][]
  providers: Omit<Collections['deploy'], 'body'>[]
  sponsors: Collections['manualSponsors'][]
  /** How many modules, providers and posts there are in all. */
  totals: { modules: number; deploy: number; blog: number }
}

/** /: the index page (hero, install command, features, code example, testimonials, call to action) and the highlights its payload carries. */
export function landingQuery() {
  return queryOptions({
    queryKey: contentKey('landing', paths.home()),
    queryFn: async (): Promise<Landing | null> => {
      const loaded = await queryClient.ensureQueryData(contentPageQuery(paths.home()))
      if (!loaded?.data.page) return null
      // Rows and page were validated against their schemas by the content build.
      const lists = loaded.data.lists ?? {}
      const totals = loaded.data.totals ?? {}
      return {
        header: pageHeader(loaded.data.page, paths.home()),
        page: trustBuildOutput<Collections['index']>(loaded.data.page),
        posts: trustBuildOutput<Landing['posts']>(lists.blog ?? []),
        modules: trustBuildOutput<Landing['modules']>(lists.modules ?? []),
        providers: trustBuildOutput<Landing['providers']>(lists.deploy ?? []),
        sponsors: trustBuildOutput<Landing['sponsors']>(lists.manualSponsors ?? []),
        totals: { modules: totals.modules ?? 0, deploy: totals.deploy ?? 0, blog: totals.blog ?? 0 },
      }
    },
    staleTime: Infinity,
  })
}
