import { isOffline, keptBuildJson } from '@/lib/kept-fetch'

import { bestOf, type RankedResult, SearchIndex } from './engine'
import { type FetchJson, PrebuiltIndex } from './prebuilt-index'
import type { SearchItem } from './ranking'
import type { SearchReply, SearchRequest } from './search-client'

/** A build output's JSON by its absolute URL: the copy kept for offline reading if there is one, else the network's. */
export const fetchBuildJson: FetchJson = (url) => keptBuildJson(url)

/**
 * What the palette searches, where it is searched (the search worker, or the main
 * thread where no worker starts): a docs version's prebuilt index, opened by its head's
 * URL, and the items the browser indexes itself (the blog's posts, the providers).
 */
export class SearchSession {
  private readonly heads = new Map<string, Promise<PrebuiltIndex>>()
  private items: SearchIndex | undefined
  private itemList: readonly SearchItem[] = []

  constructor(private readonly fetchJson: FetchJson = fetchBuildJson) {}

  /** A version's prebuilt index by its head's URL, loaded once (asked for again after a failure). */
  open(url: string): Promise<PrebuiltIndex> {
    let head = this.heads.get(url)
    if (!head) {
      head = PrebuiltIndex.open(url, this.fetchJson)
      head.catch(() => this.heads.delete(url))
      this.heads.set(url, head)
    }
    return head
  }

  /** The items indexed here, in place of the last ones. */
  index(items: readonly SearchItem[]) {
    this.itemList = items
    this.items = new SearchIndex(items)
  }

  /**
   * A query's best results from the version's index (`docs`, a head's URL) and the
   * items, ranked together. An answer waits for no text: the docs sections among them
   * carry those already loaded, and the palette asks for the others (`texts`) once the
   * results are on screen. A version whose head or shards cannot be loaded gives no
   * results; the items still do.
   */
  async search(docs: string | undefined, query: string): Promise<RankedResult[]> {
    const prebuilt = docs ? await this.open(docs).catch(warn) : undefined
    const items = this.items
    // With the version's index, the items are searched in it (one index ranks the groups together); a
    // version whose shards cannot be loaded leaves the items to their own index.
    prebuilt?.include(this.itemList)
    const found = await bestOf(query, async (combineWith) => {
      const docsFound = await prebuilt?.find(query, combineWith).catch(warn)
      return docsFound ?? items?.find(query, combineWith) ?? []
    })
    return prebuilt ? prebuilt.withLoadedTexts(found) : found
  }

  /** The texts of a version's sections (`docs`, a head's URL) by id: the snippets an answer came without. */
  async texts(docs: string, ids: readonly string[]): Promise<Record<string, string>> {
    const prebuilt = await this.open(docs).catch(warn)
    return prebuilt ? Object.fromEntries(await prebuilt.texts(ids)) : {}
  }
}

function warn(error: unknown): undefined {
  // Offline the palette says why (a version not kept); online a failure is worth a warning.
  if (!isOffline()) console.warn('[site] the docs search could not be loaded:', error)
  return undefined
}

/** A request to the search worker answered by `session` (the worker's whole job; tests answer with it too). */
export async function answer(session: SearchSession, request: SearchRequest): Promise<SearchReply> {
  switch (request.type) {
    case 'open': {
      const error = await session.open(request.url).then(
        () => undefined,
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      )
      return { type: 'opened', id: request.id, ...(error === undefined ? {} : { error }) }
    }
    case 'index':
      session.index(request.items)
      return { type: 'indexed', id: request.id }
    case 'texts':
      return { type: 'texts', id: request.id, texts: await session.texts(request.docs, request.ids) }
    case 'search':
      return { type: 'results', id: request.id, results: await session.search(request.docs, request.query) }
  }
}
