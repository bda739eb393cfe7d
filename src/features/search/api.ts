import { queryOptions } from '@tanstack/react-query'

import { site } from '@/config/site'
import { defaultLocale } from '@/contract/locales'
import { docsVersions, editions } from '@/lib/content/docs-versions'
import { getCollection } from '@/lib/content/manifest'
import { paletteCollectionsFor } from '@/lib/content/palette-collections'
import { contentKey } from '@/lib/content/query-key'
import { siteUrl } from '@/lib/content/url'
import { isOffline } from '@/lib/kept-fetch'

import { type MissingGroup, searchClient, type SearchSource } from './search-client'

/** What the palette searches, and the groups whose data could not be loaded (left out, and named). */
export interface SearchItems {
  /** What the version's queries are searched in (see `searchSource`). */
  source: SearchSource
  /** The groups left out, as the palette names them (`Blog`, `Hosting`, `Docs 4.x`). */
  missing: string[]
}

/** A collection's build output by its manifest entry, as an absolute URL (rejects when the manifest or the entry is missing). */
export async function outputUrl(collection: string, output: 'searchIndex' | 'search'): Promise<string> {
  const entry = await getCollection(collection)
  const file = entry[output]
  if (!file) throw new Error(`collection "${collection}" has no ${output === 'search' ? 'search records' : 'search index'}`)
  return siteUrl(file.path)
}

/** What a palette searches, the groups whose file could not be named, and the groups' labels in the palette's order. */
export interface NamedSource {
  source: SearchSource
  unnamed: MissingGroup[]
  labels: string[]
}

/**
 * What a docs version's palette searches, each group with the file it is read from: the
 * version's prebuilt index, blog posts (of this version or none) and hosting providers,
 * but for the blog or the providers when their section is switched off (they have no
 * collection then). A group whose file cannot be named (its manifest entry missing) is
 * left out, and in `unnamed`; `labels` are the groups' names in the palette's order.
 */
async function sourceOf(versionPath: string): Promise<NamedSource> {
  const version = editions.find((v) => v.path === versionPath)
  const collection = docsVersions.find((v) => v.path === versionPath)?.collection
  const docsLabel = `Docs ${version?.label ?? ''}`.trim()
  const paletteCollections = paletteCollectionsFor(version?.locale ?? defaultLocale(site).code)
  const [docs, ...parts] = await Promise.allSettled([
    collection ? outputUrl(collection, 'searchIndex') : Promise.resolve(undefined),
    ...paletteCollections.map((part) => outputUrl(part.collection, 'search')),
  ])
  const unnamed: MissingGroup[] = []
  const named = <T>(label: string, result: PromiseSettledResult<T> | undefined): T | undefined => {
    if (result?.status === 'fulfilled') return result.value
    unnamed.push({ label, reason: String(result?.reason) })
    return undefined
  }
  const docsUrl = named(docsLabel, docs)
  const source: SearchSource = {
    ...(docsUrl && { docs: { url: docsUrl, label: docsLabel } }),
    parts: paletteCollections.flatMap((part, i) => {
      const url = named(part.label, parts[i])
      return url ? [{ url, kind: part.collection === 'deploy' ? 'hosting' : 'blog', label: part.label } as const] : []
    }),
    scope: versionPath,
    // The blog's and the providers' pages are in the default locale's language.
    lang: defaultLocale(site).lang,
  }
  return { source, unnamed, labels: [docsLabel, ...paletteCollections.map((part) => part.label)] }
}

/** `name` once per version, as the manifest that names the files is read once; named again while a group is not. */
export function namedOnce(name: (versionPath: string) => Promise<NamedSource>): (versionPath: string) => Promise<NamedSource> {
  const sources = new Map<string, Promise<NamedSource>>()
  return (versionPath) => {
    let named = sources.get(versionPath)
    if (!named) {
      named = name(versionPath)
      void named.then(({ unnamed }) => unnamed.length && sources.delete(versionPath))
      sources.set(versionPath, named)
    }
    return named
  }
}

/** What a docs version searches in its page's language, named once (`sourceOf`). */
export const namedSource = namedOnce(sourceOf)

/**
 * What a docs version's queries are searched in: the palette searches each letter typed
 * in it at once, without waiting for the query below to tell it (the search worker
 * loads it with the first, if the query has not).
 */
export async function searchSource(versionPath: string): Promise<SearchSource> {
  return (await namedSource(versionPath)).source
}

/**
 * Everything searchable from a docs version (see `searchSource`), loaded in the search
 * client. Each group is loaded on its own: one that fails (offline and never kept, or a
 * flaky network) is left out and named in `missing`, and the palette searches the rest.
 * Fetched when the palette first opens, again for another version, and again on the
 * next opening while a group is missing.
 */
export function searchItemsQuery(versionPath: string) {
  return itemsQuery('search-items', versionPath, namedSource)
}

/** The query of what `named` names for a version (`searchItemsQuery`; the palette's all languages), under its own key `kind`. */
export function itemsQuery(kind: string, versionPath: string, named: (versionPath: string) => Promise<NamedSource>) {
  return queryOptions({
    queryKey: contentKey(kind, versionPath),
    queryFn: async (): Promise<SearchItems> => {
      const { source, unnamed, labels } = await named(versionPath)
      // In the palette's order of groups, whether a group's file could not be named or not be read.
      const missing = [...unnamed, ...(await searchClient.open(source, { again: true }))].sort((a, b) => labels.indexOf(a.label) - labels.indexOf(b.label))
      // Offline the reason is known (the palette says so); online a failure is worth a warning.
      if (!isOffline()) for (const group of missing) console.warn(`[site] ${group.label} search could not be loaded:`, group.reason)
      return { source, missing: missing.map((group) => group.label) }
    },
    // Items with a part missing are asked for again when the palette opens next (the network may be back).
    staleTime: (query) => (query.state.data?.missing.length ? 0 : Infinity),
  })
}
