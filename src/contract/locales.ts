import { paths } from './paths.ts'
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

/** A translated blog's collection: `blog`, then the locale's suffix (`blogEs`). */
export type BlogCollectionName = `blog${string}`

/**
 * The blog as one locale reads it: the default locale's at `/blog` (`content/blog`), a
 * locale's translations under its code (`/es/blog`) from the folder its `blog` names,
 * in a collection of its own (`blogEs`) with its own listing, feeds and search records.
 */
export interface BlogEdition {
  locale: string
  path: string
  collection: BlogCollectionName
  dir: string
  /** The default locale's blog (`/blog`), which a translation translates post by post. */
  original: string
  /** Its feeds, beside its listing: `/blog/rss.xml`, `/es/blog/atom.xml`. */
  rss: string
  atom: string
}

// Made once per config's locales: menus ask for the page's blog at every link of every render.
const blogsOf = new WeakMap<object, BlogEdition[]>()

/** Every blog of the site: the default locale's, then each locale's that has one (`locales[].blog`), in config order. */
export function blogEditions(config: Pick<SiteConfig, 'locales'>): readonly BlogEdition[] {
  let made = blogsOf.get(config.locales)
  if (made) return made
  const [first, ...others] = config.locales
  const original = paths.blog()
  const edition = (locale: string, path: string, collection: BlogCollectionName, dir: string): BlogEdition => ({
    locale,
    path,
    collection,
    dir,
    original,
    rss: paths.blogRss(path),
    atom: paths.blogAtom(path),
  })
  made = [
    edition(first!.code, original, 'blog', 'content/blog'),
    ...others.flatMap((locale) => (locale.blog ? [edition(locale.code, `/${locale.code}${original}`, `blog${collectionSuffix(locale.code)}`, locale.blog)] : [])),
  ]
  blogsOf.set(config.locales, made)
  return made
}

/** The blog a reader of `path` is shown: its locale's, else the default locale's (a language without translated posts reads the original ones). */
export function blogEditionFor(config: Pick<SiteConfig, 'locales'>, path: string): BlogEdition {
  const editions = blogEditions(config)
  return editions.find((e) => e.locale === localeOf(config, path).code) ?? editions[0]!
}

/**
 * What the site has in several languages, docs editions and blogs alike: each at its
 * path in its locale, translating the default locale's edition at `original`. A page
 * below one is translated when the page at the same place below another exists.
 */
export type Translatable = Pick<DocsEdition, 'locale' | 'path' | 'original'>

/** Every docs edition and blog of the site (src/contract/locales.ts `docsEditions`, `blogEditions`). */
export const translatables = (config: LocalesConfig): Translatable[] => [...docsEditions(config), ...blogEditions(config)]

/** The locale a site path is in: the one whose code is its first segment, else the default. */
export function localeOf(config: Pick<SiteConfig, 'locales'>, path: string): Locale {
  const first = /^\/([^/]+)/.exec(path)?.[1]
  return config.locales.slice(1).find((l) => l.code === first) ?? defaultLocale(config)
}

/**
 * The not-found page a path nothing answers gets: its language's (`/es/404.html`, which
 * the build writes for every locale but the default), else `/404.html`.
 */
export function notFoundPage(config: Pick<SiteConfig, 'locales'>, path: string): string {
  const locale = localeOf(config, path)
  return locale === defaultLocale(config) ? '/404.html' : `/${locale.code}/404.html`
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
