import { SearchIndex, type RankedResult } from './engine'
import type { SearchItem } from './ranking'

type UnsentRequest = { type: 'index'; key: string; items: SearchItem[] } | { type: 'search'; key: string; query: string }
export type SearchRequest = UnsentRequest & { id: number }
export type SearchReply = { type: 'indexed'; id: number } | { type: 'results'; id: number; results: { id: string; score: number; terms: string[] }[] }

/**
 * Searches a version's items in the search worker: the items are indexed there once
 * per version (`key`), and each query comes back as ranked items. Where no worker can
 * start (no Worker, a blocked script), the same index runs on the main thread.
 */
export class SearchClient {
  private worker: Worker | undefined
  private failed = false
  private nextId = 1
  private readonly pending = new Map<number, (reply: SearchReply | undefined) => void>()
  private indexed: { key: string; items: readonly SearchItem[]; ready: Promise<boolean> } | undefined
  private local: { key: string; index: SearchIndex } | undefined

  constructor(private readonly createWorker: (() => Worker) | undefined = defaultWorker()) {}

  async search(key: string, items: readonly SearchItem[], query: string): Promise<RankedResult[]> {
    if (this.indexed?.key !== key || this.indexed.items !== items) {
      this.indexed = { key, items, ready: this.send({ type: 'index', key, items: [...items] }).then((reply) => reply?.type === 'indexed') }
    }
    const inWorker = await this.indexed.ready
    if (inWorker) {
      const reply = await this.send({ type: 'search', key, query })
      if (reply?.type === 'results') {
        const byId = new Map(items.map((item) => [item.id, item]))
        return reply.results.flatMap((r) => {
          const item = byId.get(r.id)
          return item ? [{ item, score: r.score, terms: r.terms }] : []
        })
      }
    }
    if (this.local?.key !== key) this.local = { key, index: new SearchIndex(items) }
    return this.local.index.search(query)
  }

  private send(request: UnsentRequest): Promise<SearchReply | undefined> {
    const worker = this.start()
    if (!worker) return Promise.resolve(undefined)
    const id = this.nextId++
    return new Promise((resolve) => {
      this.pending.set(id, resolve)
      worker.postMessage({ ...request, id })
    })
  }

  private start(): Worker | undefined {
    if (this.worker || this.failed || !this.createWorker) return this.worker
    try {
      const worker = this.createWorker()
      worker.onmessage = (event: MessageEvent<SearchReply>) => {
        const resolve = this.pending.get(event.data.id)
        this.pending.delete(event.data.id)
        resolve?.(event.data)
      }
      worker.onerror = (event) => {
        event.preventDefault()
        this.fail()
      }
      this.worker = worker
    } catch {
      this.fail()
    }
    return this.worker
  }

  /** A worker that fails answers nothing more: what waits on it, and what follows, runs here. */
  private fail() {
    this.failed = true
    this.worker?.terminate()
    this.worker = undefined
    this.indexed = undefined
    for (const resolve of this.pending.values()) resolve(undefined)
    this.pending.clear()
  }
}

function defaultWorker(): (() => Worker) | undefined {
  if (typeof Worker === 'undefined') return undefined
  return () => new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module', name: 'search' })
}

/** The app's one search client. */
export const searchClient = new SearchClient()
