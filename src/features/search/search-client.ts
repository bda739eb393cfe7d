import { WorkerChannel, type WorkerLike } from '@/lib/worker-channel'

import { type RankedResult, SearchIndex } from './engine'
import type { SearchItem } from './ranking'

type UnsentRequest = { type: 'index'; key: string; items: SearchItem[] } | { type: 'search'; key: string; query: string }
export type SearchRequest = UnsentRequest & { id: number }
export type SearchReply = { type: 'indexed'; id: number } | { type: 'results'; id: number; results: { id: string; score: number; terms: string[] }[] }

/** A version's items as last indexed: where the worker holds them, and by id to turn its answers back into items. */
interface Indexed {
  key: string
  items: readonly SearchItem[]
  byId: Map<string, SearchItem>
  inWorker: Promise<boolean>
  local?: SearchIndex
}

/**
 * Searches a version's items in the search worker: the items are indexed there once
 * per version (`key`), and each query comes back as ranked items. Where no worker can
 * start (no Worker, a blocked script), the same index runs on the main thread.
 */
export class SearchClient {
  private readonly channel: WorkerChannel<UnsentRequest, SearchReply>
  private indexed: Indexed | undefined

  constructor(createWorker: (() => WorkerLike<SearchReply>) | undefined = defaultWorker()) {
    this.channel = new WorkerChannel(createWorker)
  }

  async search(key: string, items: readonly SearchItem[], query: string): Promise<RankedResult[]> {
    if (this.indexed?.key !== key || this.indexed.items !== items) {
      const inWorker = this.channel.send({ type: 'index', key, items: [...items] }).then((reply) => reply?.type === 'indexed')
      this.indexed = { key, items, byId: new Map(items.map((item) => [item.id, item])), inWorker }
    }
    const indexed = this.indexed
    if (await indexed.inWorker) {
      const reply = await this.channel.send({ type: 'search', key, query })
      if (reply?.type === 'results') {
        return reply.results.flatMap((r) => {
          const item = indexed.byId.get(r.id)
          return item ? [{ item, score: r.score, terms: r.terms }] : []
        })
      }
    }
    indexed.local ??= new SearchIndex(items)
    return indexed.local.search(query)
  }
}

function defaultWorker(): (() => WorkerLike<SearchReply>) | undefined {
  if (typeof Worker === 'undefined') return undefined
  return () => new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module', name: 'search' })
}

/** The app's one search client. */
export const searchClient = new SearchClient()
