import { sitePath } from '@/config/site'
import { decodeRow } from '@/contract/content/decode-row'

import { WorkerChannel, type WorkerLike as ChannelWorker } from '../worker-channel'
import { collectionNow, getCollection, type ManifestCollection } from './manifest'
import { trustBuildOutput } from './trusted'
import { siteUrl } from './url'
import type { UnsentRequest, WorkerReply } from './worker-protocol'

export type ContentMode = 'worker' | 'endpoint'

export class ContentQueryError extends Error {
  override name = 'ContentQueryError'
}

/** What a reader is told when a page needs the database and neither it nor a server can answer (a static site without WebAssembly). */
export const NEEDS_WEBASSEMBLY =
  'This page is read from the site’s content database in your browser, which needs WebAssembly and Web Workers, and this browser does not offer them (or blocked them). Open the page in a current version of Chrome, Edge, Firefox or Safari.'

export interface ContentClientOptions {
  /**
   * Whether the site's server answers `POST /__content/<collection>/query` when the
   * database cannot load here; a static site has no server (`hosting: 'static'`): its
   * readers are told what their browser lacks instead.
   */
  endpoint?: boolean
}

/** Timings the benchmark and diagnostics read. */
export interface ContentStats {
  mode: ContentMode
  loadMs: Record<string, number>
  /** Of the load: download (overlapping the WebAssembly compile) and SQL execution. */
  loadParts: Record<string, { fetchMs: number; execMs: number }>
  queries: number
}

/** What the client needs of a Worker: a real one, or a test stand-in. */
export type WorkerLike = ChannelWorker<WorkerReply>

/**
 * Runs content queries where they are cheapest: in the database worker when the
 * browser has WebAssembly, otherwise (or when the worker cannot start, or a
 * collection's dump will not load) on the server's query endpoint, with the same SQL
 * and the same decoded rows either way.
 */
export class ContentClient {
  private readonly channel: WorkerChannel<UnsentRequest, WorkerReply>
  private readonly unavailable = new Set<string>()
  private readonly loaded = new Map<string, Promise<boolean>>()
  private readonly readyCollections = new Set<string>()
  /** Callers of `whenReady`, per collection not yet ready. */
  private readonly readyWaiters = new Map<string, (() => void)[]>()
  readonly stats: ContentStats

  private readonly endpoint: boolean

  constructor(createWorker: (() => WorkerLike) | undefined = defaultWorker(), { endpoint = true }: ContentClientOptions = {}) {
    this.endpoint = endpoint
    this.stats = { mode: createWorker ? 'worker' : 'endpoint', loadMs: {}, loadParts: {}, queries: 0 }
    // A worker that fails to start (no WebAssembly, a blocked script) sends every waiting query to the endpoint.
    this.channel = new WorkerChannel(createWorker, () => {
      this.stats.mode = 'endpoint'
      for (const collection of [...this.readyWaiters.keys()]) this.settle(collection)
    })
  }

  get mode(): ContentMode {
    return this.channel.usable ? 'worker' : 'endpoint'
  }

  /** Whether a query on `collection` is answered without downloading anything large. */
  isReady(collection: string): boolean {
    return this.mode === 'endpoint' || this.unavailable.has(collection) || this.readyCollections.has(collection)
  }

  /**
   * Resolves once `isReady(collection)` holds (its database loaded, or its queries sent to
   * the endpoint), without starting the load: that is `warm`'s to do.
   */
  whenReady(collection: string): Promise<void> {
    if (this.isReady(collection)) return Promise.resolve()
    return new Promise((resolve) => {
      const waiting = this.readyWaiters.get(collection)
      if (waiting) waiting.push(resolve)
      else this.readyWaiters.set(collection, [resolve])
    })
  }

  /** Loads a collection's dump into the worker ahead of need (after first paint). */
  warm(collection: string): Promise<boolean> {
    if (this.mode === 'endpoint') return Promise.resolve(true)
    let loading = this.loaded.get(collection)
    if (!loading) {
      loading = (async () => {
        const entry = await getCollection(collection)
        const reply = await this.send({ type: 'load', collection, entry })
        if (reply.type === 'loaded') {
          this.stats.loadMs[collection] = reply.loadMs
          this.stats.loadParts[collection] = { fetchMs: reply.fetchMs, execMs: reply.execMs }
          this.markReady(collection)
          return true
        }
        this.markUnavailable(collection, reply)
        return false
      })()
      this.loaded.set(collection, loading)
    }
    return loading
  }

  async query<T>(collection: string, sql: string): Promise<T[]> {
    this.stats.queries++
    const entry = collectionNow(collection) ?? (await getCollection(collection))
    if (this.mode === 'worker' && !this.unavailable.has(collection)) {
      const reply = await this.send({ type: 'query', collection, entry, sql })
      if (reply.type === 'rows') {
        this.markReady(collection)
        return trustBuildOutput<T[]>(reply.rows.map((row) => decodeRow(row, entry.columns)))
      }
      this.markUnavailable(collection, reply)
    }
    if (!this.endpoint) throw new ContentQueryError(NEEDS_WEBASSEMBLY)
    const res = await fetch(siteUrl(`/__content/${encodeURIComponent(collection)}/query?v=${entry.checksum}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sql }),
    })
    const body: unknown = await res.json().catch(() => undefined)
    if (!res.ok || !Array.isArray(body)) {
      const message = typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : `HTTP ${res.status}`
      throw new ContentQueryError(`content query on "${collection}" failed: ${message}`)
    }
    return trustBuildOutput<T[]>(body.map((row: Record<string, unknown>) => decodeRow(row, entry.columns)))
  }

  /**
   * Opens a dump the page downloaded itself (with its progress shown, for offline
   * reading) as the collection's database, kept in Cache Storage before this resolves.
   */
  async store(collection: string, dump: Uint8Array): Promise<void> {
    if (this.mode !== 'worker') throw new ContentQueryError('reading offline needs WebAssembly, which this browser does not offer')
    const entry = await getCollection(collection)
    const reply = await this.send({ type: 'store', collection, entry, dump })
    if (reply.type !== 'stored') throw new ContentQueryError(`the "${collection}" database could not be kept: ${reply.type === 'unavailable' ? reply.reason : reply.type}`)
    this.unavailable.delete(collection)
    this.markReady(collection)
    this.loaded.set(collection, Promise.resolve(true))
  }

  /**
   * A query on a database that is not in the manifest (a private one: the drafts of
   * preview mode), in the worker only: the query endpoint serves public content.
   */
  async queryEntry<T>(collection: string, entry: ManifestCollection, sql: string): Promise<T[]> {
    if (this.mode !== 'worker') throw new ContentQueryError(`the "${collection}" drafts need WebAssembly, which this browser does not offer`)
    const reply = await this.send({ type: 'query', collection, entry, sql })
    if (reply.type !== 'rows') throw new ContentQueryError(`the "${collection}" drafts could not be loaded: ${reply.type === 'unavailable' ? reply.reason : reply.type}`)
    return trustBuildOutput<T[]>(reply.rows.map((row) => decodeRow(row, entry.columns)))
  }

  private markReady(collection: string) {
    this.readyCollections.add(collection)
    this.settle(collection)
  }

  private settle(collection: string) {
    const waiting = this.readyWaiters.get(collection)
    this.readyWaiters.delete(collection)
    for (const resolve of waiting ?? []) resolve()
  }

  private markUnavailable(collection: string, reply: WorkerReply) {
    this.unavailable.add(collection)
    this.settle(collection)
    console.warn(`content: the "${collection}" database could not be loaded${this.endpoint ? ', using the query endpoint' : ''}`, reply.type === 'unavailable' ? reply.reason : reply)
  }

  private async send(request: UnsentRequest): Promise<WorkerReply> {
    // The manifest names its files by site path; the worker fetches them, and keys them in
    // Cache Storage, by the URL under the site's base, as the offline download does.
    if (request.type !== 'ping') {
      const { entry } = request
      request = { ...request, entry: { ...entry, dump: sitePath(entry.dump), ...(entry.image ? { image: sitePath(entry.image) } : {}) } }
    }
    return (await this.channel.send(request)) ?? { id: 0, type: 'unavailable', reason: this.channel.failure ?? 'the database worker could not start' }
  }
}

function defaultWorker(): (() => WorkerLike) | undefined {
  if (typeof Worker === 'undefined' || typeof WebAssembly !== 'object') return undefined
  return () => new Worker(new URL('./db.worker.ts', import.meta.url), { type: 'module', name: 'content-db' })
}
