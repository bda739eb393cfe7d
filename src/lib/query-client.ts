import { QueryClient } from '@tanstack/react-query'

/**
 * The app's one QueryClient: every read (content through the sql.js client, the
 * product API, the session) goes through it, so a link prefetched on sight and the
 * route loader that runs on click share one cache entry.
 *
 * Content never changes within a build (its keys carry the build id, see
 * `contentKey`), so content factories set `staleTime: Infinity`. Nothing refetches on
 * window focus: a reader switching tabs must not trigger network traffic.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false, staleTime: 60_000 },
    },
  })
}

export const queryClient = createQueryClient()

/** Forgets every cached query (tests). */
export function resetQueryClient() {
  queryClient.clear()
}
