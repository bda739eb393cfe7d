import { isOffline, keptFetch } from '@/lib/kept-fetch'

import { bestOf, type RankedResult, SearchIndex } from './engine'
import { type FetchJson, PrebuiltIndex } from './prebuilt-index'
import type { SearchItem } from './ranking'

/** A build output's JSON by its absolute URL: the copy kept for offline reading if there is one, else the network's. */
export const fetchBuildJson: FetchJson = async (url) => {
  // A file a download kept is read where it was kept (its name names its version): the service worker routes none of the
  // index's many small files, and a worker may not know the browser is offline.
  const kept = typeof caches === 'undefined' ? undefined : await caches.match(url).catch(() => undefined)
  const res = kept ?? (await keptFetch(url))
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`)
  return res.json()
}

/**
 * What the palette searches, where it is searched (the search worker, or the main
 * thread where no worker starts): a docs version's prebuilt index, opened by its head's
 * URL, and the items the browser indexes itself (the blog's posts, the providers).
 */
export class SearchSession {
  private readonly heads = new Map<string, Promise<PrebuiltIndex>>()
  private items: SearchIndex | undefined
  private itemList: readonly SearchItem[] = []
  /** Queries asked so far: the palette shows the last one's results only. */
  private asked = 0

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
   * items, ranked together, with the texts of the docs sections among them (unless
   * another query was asked meanwhile, whose results replace these). A version
   * whose head or shards cannot be loaded gives no results; the items still do.
   */
  async search(docs: string | undefined, query: string): Promise<RankedResult[]> {
    const asked = ++this.asked
    const prebuilt = docs ? await this.open(docs).catch(warn) : undefined
    const items = this.items
    // With the version's index, the items are searched in it (one index ranks the groups together); a
    // version whose shards cannot be loaded leaves the items to their own index.
    prebuilt?.include(this.itemList)
    const found = await bestOf(query, async (combineWith) => {
      const docsFound = await prebuilt?.find(query, combineWith).catch(warn)
      return docsFound ?? items?.find(query, combineWith) ?? []
    })
    // A query typed further meanwhile (`mid` while `middleware` comes) is not shown: its texts are not worth loading.
    return prebuilt && asked === this.asked ? prebuilt.withTexts(found) : found
  }
}

function warn(error: unknown): undefined {
  // Offline the palette says why (a version not kept); online a failure is worth a warning.
  if (!isOffline()) console.warn('[site] the docs search could not be loaded:', error)
  return undefined
}
