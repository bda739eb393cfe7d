import { WorkerChannel, type WorkerLike } from '@/lib/worker-channel'

import type { RankedResult } from './engine'
import type { SearchItem } from './ranking'
import type { SearchSession } from './search-session'

type UnsentRequest =
  | { type: 'open'; url: string }
  | { type: 'index'; items: SearchItem[] }
  | { type: 'search'; docs: string | undefined; query: string }
  | { type: 'texts'; docs: string; ids: string[] }
export type SearchRequest = UnsentRequest & { id: number }
export type SearchReply =
  | { type: 'opened'; id: number; error?: string }
  | { type: 'indexed'; id: number }
  | { type: 'results'; id: number; results: RankedResult[] }
  | { type: 'texts'; id: number; texts: Record<string, string> }

/** What a query is searched in: a docs version's prebuilt index (its head's URL), and items indexed in the browser. */
export interface SearchSource {
  docs: string | undefined
  items: readonly SearchItem[]
}

/**
 * Searches in the search worker (search-session.ts): a version's prebuilt index is
 * opened there by its head's URL, the items are indexed there once per list, and each
 * query comes back ranked. Where no worker can start (no Worker, a blocked script), the
 * same session runs on the main thread: its code (the index, MiniSearch) is fetched
 * then, so the client itself stays small enough to start searching at the first key.
 */
export class SearchClient {
  private readonly channel: WorkerChannel<UnsentRequest, SearchReply>
  private sent: { items: readonly SearchItem[]; inWorker: Promise<boolean> } | undefined
  private local: Promise<SearchSession> | undefined
  private localItems: readonly SearchItem[] | undefined

  constructor(
    createWorker: (() => WorkerLike<SearchReply>) | undefined = defaultWorker(),
    private readonly newSession: () => SearchSession | Promise<SearchSession> = async () => new (await import('./search-session')).SearchSession(),
  ) {
    this.channel = new WorkerChannel(createWorker)
  }

  /**
   * Starts the worker, with nothing to do yet: a worker takes a while to start (its
   * thread, its script, its first message passed on by a main thread that may be busy),
   * and the first query should not be the one that waits for it.
   */
  warm(): void {
    this.channel.warm()
  }

  /** Loads a version's index head (rejects when it cannot be read). */
  async open(url: string): Promise<void> {
    const reply = await this.channel.send({ type: 'open', url })
    if (reply?.type === 'opened') {
      if (reply.error !== undefined) throw new Error(reply.error)
      return
    }
    await (await this.session()).open(url)
  }

  async search({ docs, items }: SearchSource, query: string): Promise<RankedResult[]> {
    if (this.sent?.items !== items) {
      this.sent = { items, inWorker: this.channel.send({ type: 'index', items: [...items] }).then((reply) => reply?.type === 'indexed') }
    }
    // Sent at once, not once the items are indexed: the worker takes its messages in order.
    const answered = this.channel.send({ type: 'search', docs, query })
    if (await this.sent.inWorker) {
      const reply = await answered
      if (reply?.type === 'results') return reply.results
    }
    const session = await this.session()
    if (this.localItems !== items) {
      session.index(items)
      this.localItems = items
    }
    return session.search(docs, query)
  }

  /** The texts of a version's sections by id (`docs`, its head's URL), for the snippets a query's answer left out. */
  async texts(docs: string, ids: readonly string[]): Promise<Record<string, string>> {
    const reply = await this.channel.send({ type: 'texts', docs, ids: [...ids] })
    if (reply?.type === 'texts') return reply.texts
    return (await this.session()).texts(docs, ids)
  }

  /** The main thread's session, its code fetched once (and again after a failed fetch). */
  private session(): Promise<SearchSession> {
    if (!this.local) {
      const made = Promise.resolve().then(() => this.newSession())
      made.catch(() => this.local === made && (this.local = undefined))
      this.local = made
    }
    return this.local
  }
}

function defaultWorker(): (() => WorkerLike<SearchReply>) | undefined {
  if (typeof Worker === 'undefined') return undefined
  return () => new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module', name: 'search' })
}

/** The app's one search client. */
export const searchClient = new SearchClient()
