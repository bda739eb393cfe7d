import loaders from 'virtual:fjord-locale-words'

import { site } from '../config/site'
import { localeOf } from '../contract/locales'

const loading = new Map<string, Promise<void>>()
const loaded = new Set<string>()

/**
 * The interface's words of the locale a site path is in, fetched when they are a chunk of
 * their own (every locale but the default, in the app's build: site-config-plugin.ts) and
 * put in that locale's `ui`, where every reader of the config finds them
 * (src/contract/locales.ts `uiString`). Undefined when there is nothing to wait for, so a
 * loader of a default-locale page stays synchronous; a chunk that cannot be fetched leaves
 * the default locale's words to stand in, as for a word a locale does not give.
 */
export function localeWordsFor(path: string): Promise<void> | undefined {
  const locale = localeOf(site, path)
  const load = loaders[locale.code]
  if (!load || loaded.has(locale.code)) return undefined
  let done = loading.get(locale.code)
  if (!done) {
    done = load().then(
      (words) => {
        locale.ui = { ...words.default.ui, ...locale.ui }
        locale.labels = { ...words.default.labels, ...locale.labels }
        loaded.add(locale.code)
      },
      (error: unknown) => {
        // Asked again on the next page of that language (the connection may be back).
        loading.delete(locale.code)
        console.error(`[site] the ${locale.label} interface words could not be loaded`, error)
      },
    )
    loading.set(locale.code, done)
  }
  return done
}
