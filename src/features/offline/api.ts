import { queryOptions } from '@tanstack/react-query'

import { contentClient } from '@/lib/content/index'
import { getCollection } from '@/lib/content/manifest'
import { contentKey } from '@/lib/content/query-key'
import { siteUrl } from '@/lib/content/url'

import { fileSizes, isKept, offlineFiles } from './offline-files'

export interface OfflineStatus {
  /** Every file the version needs offline is kept in this browser. */
  available: boolean
  /** Pages in the version. */
  pages: number
  /** Bytes of its files as kept, and about what the download moves (gzipped where the host compresses). */
  size: { raw: number; gzip: number }
}

async function readStatus(collection: string): Promise<OfflineStatus> {
  const [entry, files] = await Promise.all([getCollection(collection), offlineFiles(collection)])
  const [found, bytes] = await Promise.all([Promise.all(files.map(isKept)), fileSizes(files)])
  const raw = bytes.reduce((n, b) => n + b, 0)
  const gzip = files.reduce((n, file, i) => n + (file.gzip ?? bytes[i] ?? 0), 0)
  return { available: found.every(Boolean), pages: entry.rows, size: { raw, gzip } }
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
 * Downloads a docs version for offline reading: each file it needs (`offlineFiles`) not
 * kept yet, read as a stream so `onProgress` can follow (bytes as stored, against their
 * total), then kept where the site looks for it offline: a database opened by the content
 * worker, which stores it as a SQLite image; the other files put in the service worker's
 * caches. `signal` stops it between chunks.
 */
export async function downloadVersion(collection: string, onProgress: (progress: DownloadProgress) => void, signal?: AbortSignal): Promise<void> {
  const files = await offlineFiles(collection, { toDownload: true })
  const [found, bytes] = await Promise.all([Promise.all(files.map(isKept)), fileSizes(files)])
  const total = bytes.reduce((n, b) => n + b, 0)
  // What is kept already (the version read before, the icons drawn) counts as received.
  let received = files.reduce((n, _, i) => n + (found[i] ? (bytes[i] ?? 0) : 0), 0)
  onProgress({ received, total })
  for (const file of files.filter((_, i) => !found[i])) {
    const { body, type } = await download(siteUrl(file.url), signal, (chunk) => {
      received += chunk
      onProgress({ received: Math.min(received, total), total })
    })
    if (file.database) await contentClient.store(file.database, body)
    else await (await caches.open(file.cache)).put(siteUrl(file.key), new Response(body, { headers: { 'Content-Type': type } }))
  }
  onProgress({ received: total, total })
}

async function download(url: string, signal: AbortSignal | undefined, onChunk: (bytes: number) => void): Promise<{ body: Uint8Array<ArrayBuffer>; type: string }> {
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
  return { body: new Uint8Array(await new Response(counted).arrayBuffer()), type: res.headers.get('Content-Type') ?? 'application/octet-stream' }
}

/**
 * Forgets a downloaded version: its own files leave this browser's caches (a later visit
 * loads them again). What every version uses (the icons, the palette's other collections) stays.
 */
export async function removeVersion(collection: string): Promise<void> {
  const files = (await offlineFiles(collection)).filter((file) => !file.shared)
  await Promise.all(files.map(async ({ key, cache }) => (await caches.open(cache)).delete(siteUrl(key))))
}
