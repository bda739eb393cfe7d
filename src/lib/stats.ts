import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiUrl, site } from '../config/site'
import { type SiteStats, statsSchema } from '../contract/api-schemas'
import { siteUrl } from './content/url'
import { isOffline } from './kept-fetch'
import { queryClient } from './query-client'

export type { SiteStats }

/**
 * Where the stats come from: `GET {api}/stats` (SPEC point 7) when the site has a
 * server, else the file the build wrote them to (the same figures), which any static
 * host serves.
 */
export function statsUrl(): string {
  return site.hosting === 'static' ? siteUrl('/builds/stats.json') : apiUrl('/stats')
}

/**
 * The stats: loaded once after the app is ready. A failure is logged and leaves the
 * figures out ('...' in the header) for the rest of the visit.
 */
export function statsQuery() {
  return queryOptions({
    queryKey: ['api', 'stats'],
    queryFn: async (): Promise<SiteStats> => {
      const res = await fetch(statsUrl(), { headers: { Accept: 'application/json' } })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      const stats = statsSchema.safeParse(await res.json())
      if (!stats.success) throw new Error('the reply is not a stats object')
      return stats.data
    },
    staleTime: Infinity,
    retry: false,
  })
}

/** Loads the stats once; later calls reuse the first request or its answer. */
export async function loadStats(): Promise<void> {
  // Offline the figures are known to be out of reach: asked for once the connection is back, not now (a console error).
  if (isOffline()) {
    window.addEventListener('online', () => void loadStats(), { once: true })
    return
  }
  // Once per visit: a failure is not retried (a component's subscription alone leaves the query pending).
  if (queryClient.getQueryState(statsQuery().queryKey)?.status === 'error') return
  try {
    await queryClient.fetchQuery(statsQuery())
  } catch (error) {
    console.warn(`[site] stats could not be loaded: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** The stats in a component, once loaded (undefined until then, or after a failure); never starts the request itself. */
export function useStats(): SiteStats | undefined {
  return useQuery({ ...statsQuery(), enabled: false }).data
}

/** '4.0.1' → '4.0': the release badge shows major.minor. */
export function majorMinor(version: string): string {
  const [major, minor = '0'] = version.replace(/^v/, '').split('.')
  return `${major}.${minor}`
}
