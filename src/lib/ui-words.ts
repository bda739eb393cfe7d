import { useLocation } from 'react-router-dom'

import { site } from '../config/site'
import { labelIn, localeOf, uiString } from '../contract/locales'
import type { UiString } from '../contract/ui-strings'

/** A word of the interface, with the `{name}`s of its text filled in from `values`. */
export type Say = (key: UiString, values?: Readonly<Record<string, string | number>>) => string

/**
 * `{name}` in `text` replaced by `values[name]`; a name without a value stays as written,
 * so a translation that names a value the code does not give shows the slip instead of
 * losing words. A value is inserted as it is, never read as a template itself.
 */
export function fillIn(text: string, values: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

// One function per locale, so a component's `say` keeps its identity across renders (effects may depend on it).
const byLocale = new Map<string, Say>()

/**
 * The interface's words in the language of the site path `path` (`/es/docs/…` → Spanish):
 * the locale's own, else the default locale's, else English (src/contract/locales.ts).
 */
export function wordsFor(path: string): Say {
  const code = localeOf(site, path).code
  let say = byLocale.get(code)
  if (!say) {
    say = (key, values) => fillIn(uiString(site, code, key), values)
    byLocale.set(code, say)
  }
  return say
}

/** The config's own words (menus, version labels) in the language of the site path `path`; `undefined` stays so. */
export function labelsFor(path: string): <T extends string | undefined>(label: T) => T {
  const code = localeOf(site, path).code
  return <T extends string | undefined>(label: T) => (label === undefined ? label : (labelIn(site, code, label) as T))
}

/** The config's own words in the language of the page on screen. */
export function useLabels(): <T extends string | undefined>(label: T) => T {
  return labelsFor(useLocation().pathname)
}

/** The interface's words in the language of the page on screen (its path, inside the router's base). */
export function useWords(): Say {
  return wordsFor(useLocation().pathname)
}

/** The language tag of the page on screen (`es`, `fa-IR`): dates and times are written in it. */
export function usePageLang(): string {
  return localeOf(site, useLocation().pathname).lang
}
