import { siteUrl } from './content/url'

/** SPEC point 9: a new build is looked for every hour. */
export const BUILD_POLL_INTERVAL = 3_600_000

/**
 * Polls builds/latest.json (with a timestamp query, past every cache) and calls
 * `onNewBuild` once when its id differs from the build this page runs. Returns a
 * function that stops polling.
 */
export function watchBuildUpdates(currentId: string | undefined, onNewBuild: (id: string) => void, interval = BUILD_POLL_INTERVAL): () => void {
  if (!currentId) return () => {}
  const timer = setInterval(async () => {
    try {
      const res = await fetch(siteUrl(`/builds/latest.json?t=${Date.now()}`), { cache: 'no-store' })
      const latest: unknown = res.ok ? await res.json() : undefined
      const id = typeof latest === 'object' && latest !== null && 'id' in latest ? String(latest.id) : undefined
      if (id && id !== currentId) {
        clearInterval(timer)
        onNewBuild(id)
      }
    } catch {
      // Offline or between deploys: the next poll tries again.
    }
  }, interval)
  return () => clearInterval(timer)
}
