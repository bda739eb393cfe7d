import type { DocsVersion, SiteConfig } from './site-schema.ts'
import { UI_STRINGS, type UiString } from './ui-strings.ts'

type Locale = SiteConfig['locales'][number]
type LocalesConfig = Pick<SiteConfig, 'docs' | 'locales'>

/**
 * A docs version as one locale reads it: the version itself in the default locale, or
 * a translation of it, with a collection, a path and a folder of its own
 * (`/es/docs/4.x`, `docsv4Es`, `content/es/docs/4.x`). Everything keyed by a version's
 * path or collection (routes, dumps, payloads, search indexes, offline downloads) is
 * keyed by an edition's, so a translation is built, loaded and searched on its own.
 */
export interface DocsEdition extends DocsVersion {
  /** The code of its locale. */
  locale: string
  /** The version's path in the default locale (`/docs/4.x`), which a translation translates. */
  original: string
}

/** The default locale: the first of `locales`. */
export const defaultLocale = (config: Pick<SiteConfig, 'locales'>): Locale => config.locales[0]!

/** A version's name as readers and `locales[].docs` name it: `/docs/4.x` → `4.x`. */
export const versionNameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** `pt-br` → `PtBr`: a locale code as part of a collection name. */
const collectionSuffix = (code: string) => code.replace(/(?:^|-)([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/** Every docs edition of the site: the versions in the default locale, then each other locale's translations, in config order. */
export function docsEditions(config: LocalesConfig): DocsEdition[] {
  const [first, ...others] = config.locales
  const originals = config.docs.versions.map((v) => ({ ...v, locale: first!.code, original: v.path }))
  const translations = others.flatMap((locale) =>
    config.docs.versions.flatMap((v) => {
      const dir = locale.docs[versionNameOf(v.path)]
      if (!dir) return []
      return [
        {
          ...v,
          path: `/${locale.code}${v.path}`,
          collection: `${v.collection}${collectionSuffix(locale.code)}`,
          dir,
          dirEnv: `${v.dirEnv}_${locale.code.toUpperCase().replace(/-/g, '_')}`,
          locale: locale.code,
          original: v.path,
        },
      ]
    }),
  )
  return [...originals, ...translations]
}

/** The locale a site path is in: the one whose code is its first segment, else the default. */
export function localeOf(config: Pick<SiteConfig, 'locales'>, path: string): Locale {
  const first = /^\/([^/]+)/.exec(path)?.[1]
  return config.locales.slice(1).find((l) => l.code === first) ?? defaultLocale(config)
}

/** A site path without its locale prefix: `/es/docs/4.x/a` → `/docs/4.x/a`. */
export function unlocalizedPath(config: Pick<SiteConfig, 'locales'>, path: string): string {
  const locale = localeOf(config, path)
  if (locale === defaultLocale(config)) return path
  return path.slice(locale.code.length + 1) || '/'
}

/** A default-locale site path in `code`'s locale: `/docs/4.x/a` → `/es/docs/4.x/a`. */
export function localizedPath(config: Pick<SiteConfig, 'locales'>, path: string, code: string): string {
  if (code === defaultLocale(config).code) return path
  return path === '/' ? `/${code}` : `/${code}${path}`
}

/** The locale of a code, if the site has one. */
export const localeByCode = (config: Pick<SiteConfig, 'locales'>, code: string): Locale | undefined => config.locales.find((l) => l.code === code)

/** A locale's name in its own language (`Español`), as the language switcher names it; the code when the site has no such locale. */
export const localeLabel = (config: Pick<SiteConfig, 'locales'>, code: string): string => localeByCode(config, code)?.label ?? code

/** One of the config's own words (a menu's label, a version's) in `code`'s language (`locales[].labels`), else as written. */
export function labelIn(config: Pick<SiteConfig, 'locales'>, code: string, label: string): string {
  return localeByCode(config, code)?.labels[label] ?? label
}

/** A word of the interface in `code`'s language: its locale's, else the default locale's, else English. */
export function uiString(config: Pick<SiteConfig, 'locales'>, code: string, key: UiString): string {
  return localeByCode(config, code)?.ui[key] ?? defaultLocale(config).ui[key] ?? UI_STRINGS[key]
}
