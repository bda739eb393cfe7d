import { queryOptions } from '@tanstack/react-query'

import { paths } from '../../config/paths'
import { listingQuery } from '../../lib/content/listing'
import { contentPageQuery } from '../../lib/content/page'
import { contentKey } from '../../lib/content/query-key'
import { trustBuildOutput } from '../../lib/content/trusted'
import { queryClient } from '../../lib/query-client'
import type { Collections } from '../../lib/content/collection-types'

export type Module = Collections['modules']

/** /modules: the header and every module (the page's payload carries them). */
export const modulesQuery = () => listingQuery(paths.modules(), 'modules')

/** /modules/{name}: one module, or null. */
export function moduleQuery(name: string) {
  return queryOptions({
    queryKey: contentKey('module', name),
    queryFn: async (): Promise<Module | null> => {
      const loaded = await queryClient.ensureQueryData(contentPageQuery(paths.module(name)))
      return loaded?.data.page ? trustBuildOutput<Module>(loaded.data.page) : null
    },
    staleTime: Infinity,
  })
}

/** SPEC point 4, the default order: sponsors first, then official modules, then by downloads. */
export function defaultOrder(modules: readonly Module[]): Module[] {
  return [...modules].sort(
    (a, b) => Number(b.sponsor) - Number(a.sponsor) || Number(b.type === 'official') - Number(a.type === 'official') || b.stats.downloads - a.stats.downloads,
  )
}
