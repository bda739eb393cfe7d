import type { RankedResult } from '@/contract/search-engine'
import { WorkerChannel, type WorkerLike } from '@/lib/worker-channel'

import type { SearchSession } from './search-session'

type UnsentRequest =
  { type: 'open'; source: SearchSource; again: boolean } | { type: 'search'; source: SearchSource; query: string } | { type: 'texts'; docs: string; ids: string[] }
export type SearchRequest = UnsentRequest & { id: number }
export type SearchReply =
  { type: 'opened'; id: number; missing: MissingGroup[] } | { type: 'results'; id: number; results: RankedResult[] } | { type: 'texts'; id: number; texts: Record<string, string> }

/** Besides a docs version, a collection whose search records the palette searches: the blog's sections, the providers' pages. */
export interface SearchPart {
  /** Its search records' file (`/__content/blog/search.json?v=…`), absolute. */
  url: string
  kind: 'blog' | 'hosting'
  /** Its group in the palette, as readers see it (`Blog`, `Hosting`). */
  label: string
}

/** Another language's edition of the version: its prebuilt index (its head's URL), its group's label, its locale's code. */
export interface SearchTranslation {
  url: string
  label: string
  locale: string
}

/**
 * What a query is searched in: a docs version's prebuilt index (its head's URL, and its
 * group's label), and the parts' records, loaded where the search runs (the worker);
 * `scope`, the version's path, keeps the blog's posts of other versions out. When the
 * reader searches all languages, `translations` names the version's other editions,
 * each searched in its own index by its own language's rules. `lang` is the parts'
 * language (the default locale's), for an index of them alone.
 */
export interface SearchSource {
  docs?: { url: string; label: string }
  translations?: SearchTranslation[]
  parts: SearchPart[]
  scope: string
  lang?: string
}

/** A group that could not be loaded, and why. */
export interface MissingGroup {
  label: string
  reason: string
}

/** How long a query may hold the one typed after it (see `SearchClient.search`). */
export const SEARCH_TURN_MS = 2000

/**
 * Searches in the search worker (search-session.ts): what a source names (a version's
 * prebuilt index by its head's URL, the blog's and providers' records) is loaded and
 * indexed there, not on the main thread, and each query comes back ranked. Where no worker can start (no Worker, a blocked script), the
 * same session runs on the main thread: its code (the index, MiniSearch) is fetched
 * then, so the client itself stays small enough to start searching at the first key.
 */
export class SearchClient {
  private readonly channel: WorkerChannel<UnsentRequest, SearchReply>
  private local: Promise<SearchSession> | undefined
  /** The query waiting for the one being searched: only the latest is searched next. */
  private next: { source: SearchSource; query: string; settle: (results: Promise<RankedResult[]>) => void } | undefined
  private searching = false

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

  /**
   * Loads what `source` names (a version's index head, the parts' records) and says
   * which groups could not be loaded; `again` asks once more for those that could not.
   */
  async open(source: SearchSource, { again = false } = {}): Promise<MissingGroup[]> {
    const reply = await this.channel.send({ type: 'open', source, again })
    if (reply?.type === 'opened') return reply.missing
    return (await this.session()).open(source, { again })
  }

  /**
   * A query's ranked results in `source` (loaded first if it was not). Each letter typed
   * asks: while one query is searched, only the latest of those asked since waits, and
   * the ones it replaced get no results (their answer would be stale on arrival).
   */
  search(source: SearchSource, query: string): Promise<RankedResult[]> {
    return new Promise((resolve) => {
      this.next?.settle(Promise.resolve([]))
      this.next = { source, query, settle: resolve }
      if (!this.searching) void this.searchInTurn()
    })
  }

  private async searchInTurn() {
    this.searching = true
    while (this.next) {
      const { source, query, settle } = this.next
      this.next = undefined
      const answer = this.searchNow(source, query)
      settle(answer)
      // A query stuck on a stalled request holds the next one no longer than this.
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([answer.catch(() => undefined), new Promise((done) => (timer = setTimeout(done, SEARCH_TURN_MS)))])
      clearTimeout(timer)
    }
    this.searching = false
  }

  private async searchNow(source: SearchSource, query: string): Promise<RankedResult[]> {
    const reply = await this.channel.send({ type: 'search', source, query })
    if (reply?.type === 'results') return reply.results
    return (await this.session()).search(source, query)
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
