import { z } from '../contract/zod'
import { siteUrl } from './content/url'

const latestBuildSchema = z.object({ id: z.string(), timestamp: z.number() })
export type LatestBuild = z.infer<typeof latestBuildSchema>

/** builds/latest.json, past every cache: the build that is live now, or undefined when it cannot be read. */
export async function fetchLatestBuild(): Promise<LatestBuild | undefined> {
  const res = await fetch(siteUrl(`/builds/latest.json?t=${Date.now()}`), { cache: 'no-store' })
  if (!res.ok) return undefined
  const latest = latestBuildSchema.safeParse(await res.json())
  return latest.success ? latest.data : undefined
}

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
      const id = (await fetchLatestBuild())?.id
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
