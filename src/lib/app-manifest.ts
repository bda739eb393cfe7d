import { currentBuildId } from './content/manifest'
import { trustBuildOutput } from './content/trusted'
import { siteUrl } from './content/url'

/** The build manifest (builds/meta/<id>.json): route rules that are fixed for a build. */
export interface AppManifest {
  redirects: Record<string, string>
  prerendered: string[]
  middleware: Record<string, string[]>
}

/** SPEC point 9: the manifest is prefetched one second after start. */
export const MANIFEST_PREFETCH_DELAY_MS = 1000

const empty = (): AppManifest => ({ redirects: {}, prerendered: [], middleware: {} })
let manifest: Promise<AppManifest> | undefined

/**
 * The build manifest, fetched once. A failed fetch is only logged: the site works
 * without its route rules (no client-side redirects), and the next use retries.
 */
export function getAppManifest(): Promise<AppManifest> {
  const id = currentBuildId()
  if (!id) return Promise.resolve(empty())
  manifest ??= fetch(siteUrl(`/builds/meta/${id}.json`))
    .then(async (res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      return { ...empty(), ...trustBuildOutput<Partial<AppManifest>>(await res.json()) }
    })
    .catch((error: unknown) => {
      console.warn(`[site] the app manifest could not be loaded: ${error instanceof Error ? error.message : String(error)}`)
      manifest = undefined
      return empty()
    })
  return manifest
}

/** The build manifest's redirects. */
export async function getRedirects(): Promise<Record<string, string>> {
  return (await getAppManifest()).redirects
}

/** Starts the manifest fetch after the delay, off the first paint's critical path. */
export function prefetchAppManifest(delay = MANIFEST_PREFETCH_DELAY_MS): () => void {
  const timer = setTimeout(() => void getAppManifest(), delay)
  return () => clearTimeout(timer)
}

/** Forgets the cached manifest (tests). */
export function resetAppManifest() {
  manifest = undefined
}
