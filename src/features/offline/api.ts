import { queryOptions } from '@tanstack/react-query'

import { CONTENT_CACHE, OFFLINE_CACHES } from '@/contract/offline'
import { contentClient } from '@/lib/content/index'
import { getCollection, type ManifestCollection } from '@/lib/content/manifest'
import { contentKey } from '@/lib/content/query-key'
import { siteUrl } from '@/lib/content/url'

/**
 * A docs version kept for offline reading is three files of its collection: the dump
 * (kept by the content worker as a SQLite image, under the dump's URL), the search
 * records and the navigation tree (kept by the service worker's cache of versioned
 * files). With them and the app (precached), every page of the version opens offline.
 */
interface OfflineFile {
  /** What is downloaded. */
  url: string
  /** Where it is kept, and under which URL (the worker keeps a database under its dump's URL, whatever it loaded). */
  cache: string
  key: string
  bytes: number
}

function offlineFiles(entry: ManifestCollection): OfflineFile[] {
  const size = entry.size
  return [
    { url: entry.image ?? entry.dump, cache: CONTENT_CACHE, key: entry.dump, bytes: size?.database ?? 0 },
    ...(entry.search ? [{ url: entry.search.path, cache: OFFLINE_CACHES.versioned, key: entry.search.path, bytes: size?.search ?? 0 }] : []),
    ...(entry.navigation ? [{ url: entry.navigation.path, cache: OFFLINE_CACHES.versioned, key: entry.navigation.path, bytes: size?.navigation ?? 0 }] : []),
  ]
}

export interface OfflineStatus {
  /** Every file of the version is kept in this browser. */
  available: boolean
  /** Pages in the version. */
  pages: number
  /** Bytes of its files as kept, and gzipped (about what the download moves). */
  size: { raw: number; gzip: number }
}

const kept = async ({ key, cache }: OfflineFile) => Boolean(await (await caches.open(cache)).match(siteUrl(key)))

async function readStatus(collection: string): Promise<OfflineStatus> {
  const entry = await getCollection(collection)
  const files = offlineFiles(entry)
  const found = await Promise.all(files.map(kept))
  return { available: found.every(Boolean), pages: entry.rows, size: { raw: files.reduce((n, file) => n + file.bytes, 0), gzip: entry.size?.gzip ?? 0 } }
}

/** Whether a docs version is kept for offline reading, and how large it is. */
export function offlineStatusQuery(collection: string) {
  return queryOptions({ queryKey: contentKey('offline', collection), queryFn: () => readStatus(collection), staleTime: Infinity })
}

export interface DownloadProgress {
  received: number
  total: number
}

/**
 * Downloads a docs version for offline reading: each of its files not kept yet, read as
 * a stream so `onProgress` can follow (bytes as stored, against the manifest's total),
 * then kept: the dump opened by the content worker, which stores it as a SQLite image;
 * the JSON files put in the service worker's cache. `signal` stops it between chunks.
 */
export async function downloadVersion(collection: string, onProgress: (progress: DownloadProgress) => void, signal?: AbortSignal): Promise<void> {
  const files = offlineFiles(await getCollection(collection))
  const found = await Promise.all(files.map(kept))
  const total = files.reduce((n, file) => n + file.bytes, 0)
  // What is kept already (the version read before) counts as received.
  let received = files.reduce((n, file, i) => n + (found[i] ? file.bytes : 0), 0)
  onProgress({ received, total })
  for (const file of files.filter((_, i) => !found[i])) {
    const bytes = await download(siteUrl(file.url), signal, (chunk) => {
      received += chunk
      onProgress({ received: Math.min(received, total), total })
    })
    if (file.cache === CONTENT_CACHE) await contentClient.store(collection, bytes)
    else await (await caches.open(file.cache)).put(siteUrl(file.key), new Response(bytes, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }))
  }
  onProgress({ received: total, total })
}

async function download(url: string, signal: AbortSignal | undefined, onChunk: (bytes: number) => void): Promise<Uint8Array<ArrayBuffer>> {
  const res = await fetch(url, signal ? { signal } : {})
  if (!res.ok || !res.body) throw new Error(`the server answered HTTP ${res.status} for ${url}`)
  const counted = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, stream) {
        onChunk(chunk.length)
        stream.enqueue(chunk)
      },
    }),
  )
  return new Uint8Array(await new Response(counted).arrayBuffer())
}

/** Forgets a downloaded version: its files leave this browser's caches (a later visit loads them again). */
export async function removeVersion(collection: string): Promise<void> {
  const entry = await getCollection(collection)
  await Promise.all(offlineFiles(entry).map(async ({ key, cache }) => (await caches.open(cache)).delete(siteUrl(key))))
}
