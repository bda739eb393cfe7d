import { queryOptions } from '@tanstack/react-query'

import { type AppManifest,getAppManifest } from '../app-manifest'
import { keptFetch } from '../kept-fetch'
import { queryClient } from '../query-client'
import { currentBuildId } from './manifest'
import { contentKey } from './query-key'
import { trustBuildOutput } from './trusted'
import { siteUrl } from './url'

/** A route's build-time data: its page, previous/next, and the rows a listing shows. */
export interface PagePayload {
  path: string
  collection: string | null
  page: Record<string, unknown> | null
  surround: [PayloadLink | null, PayloadLink | null] | null
  lists?: Record<string, Record<string, unknown>[]>
  /** How many rows each listed collection has, when the route shows only some. */
  totals?: Record<string, number>
}

export interface PayloadLink {
  title: string
  path: string
  description: string
}

const listeners = new Set<(payload: PagePayload) => void>()

/** Called with every payload that arrives (e.g. to prepare its page ahead of a click). */
export function onPayloadFetched(listener: (payload: PagePayload) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const MAX_PREFETCHES = 4
let prefetching = 0
/** Visible links waiting for a free prefetch slot, most recently seen first served. */
const waiting: string[] = []
/** At most this many wait; older ones have likely scrolled away. */
const MAX_WAITING = 64

/** `/docs/4.x/x` -> `/docs/4.x/x/_payload.json?v=<build>`: immutable for this build. */
export function payloadUrl(path: string, build = currentBuildId()): string {
  const base = `${path === '/' ? '' : path.replace(/\/+$/, '')}/_payload.json`
  return build ? `${base}?v=${build}` : base
}

/** The payload of `path`, or null when the route has none (HTTP 404). */
async function fetchPayload(path: string): Promise<PagePayload | null> {
  const res = await keptFetch(siteUrl(payloadUrl(path)), { headers: { Accept: 'application/json' } })
  if (res.status === 404 || !res.headers.get('content-type')?.includes('json')) return null
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${payloadUrl(path)}`)
  const payload = trustBuildOutput<PagePayload>(await res.json())
  for (const listener of listeners) listener(payload)
  return payload
}

/** A route's payload, fetched once per build through the query cache (prefetch and click share it). */
export function payloadQuery(path: string) {
  return queryOptions({ queryKey: contentKey('payload', path), queryFn: () => fetchPayload(path), staleTime: Infinity })
}

const isFetched = (path: string) => queryClient.getQueryState(payloadQuery(path).queryKey) !== undefined

interface NetworkInformation {
  saveData?: boolean
  effectiveType?: string
}

/** Prefetching is skipped when the reader asked to save data or the connection is slow. */
export function shouldPrefetch(connection: NetworkInformation | undefined = readConnection()): boolean {
  if (!connection) return true
  if (connection.saveData) return false
  return connection.effectiveType !== 'slow-2g' && connection.effectiveType !== '2g'
}

/**
 * Fetches a link's payload ahead of a click: for a visible link, four at a time (the
 * rest wait their turn); for one the reader points at or focuses (`intent`), at once.
 * Only paths the build manifest lists as pages have one: a link to anything else (a
 * redirect, an app route) asks for nothing.
 */
export function prefetchPayload(path: string, { intent = false } = {}) {
  if (isFetched(path) || !shouldPrefetch()) return
  void getAppManifest().then((manifest) => {
    if (!prerenderedPaths(manifest).has(path)) return
    if (intent) void queryClient.prefetchQuery(payloadQuery(path))
    else queuePrefetch(path)
  })
}

let pagesOf: { manifest: AppManifest; paths: Set<string> } | undefined
function prerenderedPaths(manifest: AppManifest): Set<string> {
  if (pagesOf?.manifest !== manifest) pagesOf = { manifest, paths: new Set(manifest.prerendered) }
  return pagesOf.paths
}

function queuePrefetch(path: string) {
  if (isFetched(path)) return
  if (prefetching >= MAX_PREFETCHES) {
    if (!waiting.includes(path)) waiting.push(path)
    if (waiting.length > MAX_WAITING) waiting.shift()
    return
  }
  prefetching++
  void queryClient
    .prefetchQuery(payloadQuery(path))
    .finally(() => {
      prefetching--
      const next = waiting.pop()
      if (next) queuePrefetch(next)
    })
}

function readConnection(): NetworkInformation | undefined {
  if (typeof navigator === 'undefined' || !('connection' in navigator)) return undefined
  const connection: unknown = navigator.connection
  return typeof connection === 'object' && connection !== null ? connection : undefined
}

/** Forgets the prefetch queue (tests; the query client holds the payloads). */
export function resetPayloads() {
  waiting.length = 0
  prefetching = 0
}
