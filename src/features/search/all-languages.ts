import { site } from '@/config/site'
import { type DocsEdition, localeByCode, localeLabel } from '@/contract/locales'
import { editions } from '@/lib/content/docs-versions'

import { itemsQuery, namedOnce, type NamedSource, namedSource, outputUrl } from './api'
import type { MissingGroup, SearchSource, SearchTranslation } from './search-client'

/**
 * The palette's "search all languages": the page's docs version in every language the
 * site has it in, each edition searched in its own index (by its own language's rules,
 * which its head names). Apart from api.ts, which the header's launcher loads with every
 * page: only the palette's own chunk needs this.
 */

/** Every language's edition of the version at `versionPath`, its own among them, in config order (its own alone when it is not translated). */
export function editionsOf(versionPath: string): DocsEdition[] {
  const own = editions.find((e) => e.path === versionPath)
  return own ? editions.filter((e) => e.original === own.original) : []
}

/** A locale's name in its own language (`Español`), as the language switcher names it. */
export const labelOf = (code: string): string => localeLabel(site, code)

/** A locale's language tag (`es`, `fa-IR`), for the `lang` of what is written in it. */
export const langOf = (code: string): string | undefined => localeByCode(site, code)?.lang

/** What the page's palette searches (api.ts), and the version's index in each other language; a group whose index cannot be named is left out and in `unnamed`. */
async function allSourceOf(versionPath: string): Promise<NamedSource> {
  const own = await namedSource(versionPath)
  const others = editionsOf(versionPath)
    .filter((e) => e.path !== versionPath)
    .map((e) => ({ collection: e.collection, locale: e.locale, label: `Docs ${e.label} (${labelOf(e.locale)})` }))
  const urls = await Promise.allSettled(others.map((e) => outputUrl(e.collection, 'searchIndex')))
  const unnamed: MissingGroup[] = []
  const translations = others.flatMap(({ label, locale }, i): SearchTranslation[] => {
    const url = urls[i]
    if (url?.status === 'fulfilled') return [{ url: url.value, label, locale }]
    unnamed.push({ label, reason: String(url?.reason) })
    return []
  })
  const [docsLabel = '', ...partLabels] = own.labels
  return {
    source: { ...own.source, translations },
    unnamed: [...own.unnamed, ...unnamed],
    labels: [docsLabel, ...others.map((e) => e.label), ...partLabels],
  }
}

/** `allSourceOf` once per version (the manifest is read once); named again while a group is not. */
const namedAll = namedOnce(allSourceOf)

/** What a docs version's queries are searched in with all languages (see api.ts `searchSource`). */
export async function allLanguagesSource(versionPath: string): Promise<SearchSource> {
  return (await namedAll(versionPath)).source
}

/** Everything searchable from a docs version in all its languages, loaded in the search client (see api.ts `searchItemsQuery`). */
export function allLanguagesItemsQuery(versionPath: string) {
  return itemsQuery('search-items-all-languages', versionPath, namedAll)
}
