import type { SearchSection } from '@/contract/content/build-output'
import { type FetchJson, PrebuiltIndex } from '@/contract/prebuilt-index'
import type { SearchItem } from '@/contract/search-engine'
import { bestOf, type RankedResult, SearchIndex } from '@/contract/search-engine'
import { isOffline, keptBuildJson } from '@/lib/kept-fetch'

import { inScope } from './scope'
import type { MissingGroup, SearchPart, SearchReply, SearchRequest, SearchSource } from './search-client'

const NO_ITEMS: readonly SearchItem[] = []

/** A build output's JSON by its absolute URL: the copy kept for offline reading if there is one, else the network's. */
export const fetchBuildJson: FetchJson = (url) => keptBuildJson(url)

/**
 * What a source names, once loaded: the version's index (undefined when its head could
 * not be read), the other languages' indexes that could be, the parts' items, and the
 * groups missing.
 */
interface Opened {
  prebuilt: PrebuiltIndex | undefined
  translations: { locale: string; index: PrebuiltIndex }[]
  items: SearchItem[]
  missing: MissingGroup[]
}

/**
 * What the palette searches, where it is searched (the search worker, or the main
 * thread where no worker starts): a docs version's prebuilt index, opened by its head's
 * URL, and the items the browser indexes itself (the blog's posts, the providers), read
 * from their collections' search records.
 */
export class SearchSession {
  private readonly heads = new Map<string, Promise<PrebuiltIndex>>()
  private readonly sources = new Map<string, Promise<Opened>>()
  private items: SearchIndex | undefined
  private itemList: readonly SearchItem[] = []
  private itemLang: string | undefined

  constructor(private readonly fetchJson: FetchJson = fetchBuildJson) {}

  /** A version's prebuilt index by its head's URL, loaded once (asked for again after a failure). */
  head(url: string): Promise<PrebuiltIndex> {
    let head = this.heads.get(url)
    if (!head) {
      head = PrebuiltIndex.open(url, this.fetchJson)
      head.catch(() => this.heads.delete(url))
      this.heads.set(url, head)
    }
    return head
  }

  /**
   * Loads what `source` names, each part on its own: one that fails (offline and never
   * kept, or a flaky network) is left out and named, and the rest is searched. Loaded
   * once; `again` asks once more for the groups that were missing (the network may be back).
   */
  open(source: SearchSource, { again = false } = {}): Promise<MissingGroup[]> {
    return this.opened(source, again).then((opened) => opened.missing)
  }

  private opened(source: SearchSource, again: boolean): Promise<Opened> {
    const key = JSON.stringify(source)
    const known = this.sources.get(key)
    const opening = known && !again ? known : (known ?? Promise.resolve(undefined)).then((was) => (was && !was.missing.length ? was : this.load(source)))
    this.sources.set(key, opening)
    return opening
  }

  private async load({ docs, translations = [], parts, scope }: SearchSource): Promise<Opened> {
    const missing: MissingGroup[] = []
    const failed = (label: string) => (error: unknown) => void missing.push({ label, reason: error instanceof Error ? error.message : String(error) })
    const [prebuilt, translated, ...loaded] = await Promise.all([
      docs ? this.head(docs.url).catch(failed(docs.label)) : undefined,
      Promise.all(translations.map(({ url, label, locale }) => this.head(url).then((index) => ({ locale, index }), failed(label)))),
      ...parts.map((part) => this.fetchJson(part.url).then((records) => itemsOf(part, records as SearchSection[], scope), failed(part.label))),
    ])
    // In the palette's order of groups, whichever failed first.
    const order = [docs?.label, ...translations.map((t) => t.label), ...parts.map((part) => part.label)]
    missing.sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label))
    return {
      prebuilt: prebuilt ?? undefined,
      translations: translated.flatMap((t) => t ?? []),
      items: loaded.flatMap((items) => items ?? []),
      missing,
    }
  }

  /**
   * A query's best results from the source's version index and items, ranked together,
   * and from the other languages' indexes it names (each reads the query by its own
   * language's rules; their sections carry their locale). An answer waits for no text:
   * the docs sections among them carry those already loaded, and the palette asks for
   * the others (`texts`) once the results are on screen. A version whose head or shards
   * cannot be loaded gives no results; the items still do.
   */
  async search(source: SearchSource, query: string): Promise<RankedResult[]> {
    const { prebuilt, translations, items: itemList } = await this.opened(source, false)
    if (itemList !== this.itemList || source.lang !== this.itemLang) {
      this.itemList = itemList
      this.itemLang = source.lang
      this.items = new SearchIndex(itemList, source.lang)
    }
    const items = this.items
    // With the version's index, the items are searched in it (one index ranks the groups together); a
    // version whose shards cannot be loaded leaves the items to their own index.
    prebuilt?.include(itemList)
    // Another language's index holds its own sections alone (it may have held the items when it was a page's own).
    for (const { index } of translations) index.include(NO_ITEMS)
    const found = await bestOf(query, async (combineWith) => {
      const [docsFound, ...translated] = await Promise.all([
        prebuilt?.find(query, combineWith).catch(warn),
        ...translations.map(({ locale, index }) =>
          index.find(query, combineWith).then((results) => results.map((result) => ({ ...result, item: { ...result.item, locale } })), warn),
        ),
      ])
      return [...(docsFound ?? items?.find(query, combineWith) ?? []), ...translated.flatMap((results) => results ?? [])]
    })
    return [prebuilt, ...translations.map((t) => t.index)].reduce((told, index) => index?.withLoadedTexts(told) ?? told, found)
  }

  /** The texts of a version's sections (`docs`, a head's URL) by id: the snippets an answer came without. */
  async texts(docs: string, ids: readonly string[]): Promise<Record<string, string>> {
    const prebuilt = await this.head(docs).catch(warn)
    return prebuilt ? Object.fromEntries(await prebuilt.texts(ids)) : {}
  }
}

/**
 * A part's search records as the palette's items: the blog's sections of this version's
 * scope (SPEC point 5), and each provider by its page's own record.
 */
function itemsOf(part: SearchPart, records: readonly SearchSection[], scope: string): SearchItem[] {
  if (part.kind === 'blog') return records.flatMap((s): SearchItem[] => (inScope(s.id, scope) ? [{ ...s, kind: 'blog', to: s.id }] : []))
  return records.flatMap((s): SearchItem[] =>
    s.id.includes('#') ? [] : [{ id: s.id, title: s.title, titles: ['Hosting'], content: s.content, level: 1, kind: 'hosting', to: s.id }],
  )
}

function warn(error: unknown): undefined {
  // Offline the palette says why (a version not kept); online a failure is worth a warning.
  if (!isOffline()) console.warn('[site] the docs search could not be loaded:', error)
  return undefined
}

/** A request to the search worker answered by `session` (the worker's whole job; tests answer with it too). */
export async function answer(session: SearchSession, request: SearchRequest): Promise<SearchReply> {
  switch (request.type) {
    case 'open':
      return { type: 'opened', id: request.id, missing: await session.open(request.source, { again: request.again }) }
    case 'texts':
      return { type: 'texts', id: request.id, texts: await session.texts(request.docs, request.ids) }
    case 'search':
      return { type: 'results', id: request.id, results: await session.search(request.source, request.query) }
  }
}
