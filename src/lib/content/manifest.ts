import type { ContentManifest, ManifestCollection } from '@/contract/content/build-output'

import { siteUrl } from './url'

export type { ContentManifest, ManifestCollection }

let manifest: Promise<ContentManifest> | undefined
/** The manifest once it has arrived, for callers that must not wait a tick (see `collectionNow`). */
let loadedManifest: ContentManifest | undefined

/** The content manifest, fetched once per page load (it always revalidates). */
export function getManifest(): Promise<ContentManifest> {
  manifest ??= fetch(siteUrl('/__content/manifest.json')).then(async (res) => {
    if (!res.ok) throw new Error(`the content manifest could not be loaded (HTTP ${res.status})`)
    const body = (await res.json()) as ContentManifest
    loadedManifest = body
    return body
  })
  manifest.catch(() => {
    manifest = undefined // A failed fetch is retried on the next use.
  })
  return manifest
}

function entryOf({ collections }: ContentManifest, name: string): ManifestCollection {
  const entry = Object.hasOwn(collections, name) ? collections[name] : undefined
  if (!entry) throw new Error(`unknown content collection "${name}"`)
  return entry
}

export async function getCollection(name: string): Promise<ManifestCollection> {
  return entryOf(await getManifest(), name)
}

/**
 * A collection's entry without waiting, once the manifest has arrived (undefined
 * before): a query started in an input event reaches the worker in that event,
 * before React renders what the event changed.
 */
export function collectionNow(name: string): ManifestCollection | undefined {
  return loadedManifest && entryOf(loadedManifest, name)
}

/** The build this page was served with, written into index.html by the content build. */
export function currentBuildId(): string | undefined {
  if (typeof document === 'undefined') return undefined
  return document.querySelector('meta[name="build-id"]')?.getAttribute('content') ?? undefined
}

/** Forgets the cached manifest (tests). */
export function resetManifest() {
  manifest = undefined
  loadedManifest = undefined
}
