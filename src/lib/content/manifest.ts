import type { ContentManifest, ManifestCollection } from './build-output'
import { siteUrl } from './url'

export type { ContentManifest, ManifestCollection }

let manifest: Promise<ContentManifest> | undefined

/** The content manifest, fetched once per page load (it always revalidates). */
export function getManifest(): Promise<ContentManifest> {
  manifest ??= fetch(siteUrl('/__content/manifest.json')).then(async (res) => {
    if (!res.ok) throw new Error(`the content manifest could not be loaded (HTTP ${res.status})`)
    return res.json()
  })
  manifest.catch(() => {
    manifest = undefined // A failed fetch is retried on the next use.
  })
  return manifest
}

export async function getCollection(name: string): Promise<ManifestCollection> {
  const { collections } = await getManifest()
  const entry = Object.hasOwn(collections, name) ? collections[name] : undefined
  if (!entry) throw new Error(`unknown content collection "${name}"`)
  return entry
}

/** The build this page was served with, written into index.html by the content build. */
export function currentBuildId(): string | undefined {
  if (typeof document === 'undefined') return undefined
  return document.querySelector('meta[name="fjord:build"]')?.getAttribute('content') ?? undefined
}

/** Forgets the cached manifest (tests). */
export function resetManifest() {
  manifest = undefined
}
