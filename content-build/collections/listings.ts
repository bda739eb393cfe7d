import { isRecord } from '../../src/contract/is-record'
import { blogEditions, labelIn } from '../../src/contract/locales'
import { paths } from '../../src/contract/paths'
import type { SiteConfig } from '../../src/contract/site-schema'
import type { Row } from './entry'

/**
 * Routes that list a collection (and take their header from the landing page at the
 * same path). Their `_payload.json` carries the listed rows, so a listing renders
 * without loading the collection's dump. `omit` drops fields a listing never shows,
 * such as page bodies.
 */
export interface Listing {
  path: string
  collection: string
  omit?: readonly string[]
  /** The rows the route shows, when it highlights a few rather than listing all. */
  select?: (rows: readonly Row[]) => Row[]
  /** The order the route lists its rows in, when the collection's own order is not it. */
  order?: (a: Row, b: Row) => number
  /** A route without a page of its own: its header is the page at `from`, its words through `words` (a translated blog's). */
  header?: { from: string; words: (text: string) => string }
}

const withoutBody = ['body'] as const

const num = (v: unknown) => (typeof v === 'number' ? v : 0)
const str = (v: unknown) => (typeof v === 'string' ? v : '')
/** How many of a collection the home page highlights. */
export const HOME_HIGHLIGHTS = { blog: 3, modules: 6, deploy: 6 } as const

/** The newest published posts. */
const latestPosts = (rows: readonly Row[]) =>
  rows
    .filter((r) => r.draft !== true)
    .sort((a, b) => str(b.date).localeCompare(str(a.date)))
    .slice(0, HOME_HIGHLIGHTS.blog)
/**
 * SPEC point 4, the module directory's default order: sponsors first, then official
 * modules, then by downloads, ties by name. The order the directory's SQL asks for with
 * no filter (src/contract/content/module-filters.ts `applyFilters`): /modules draws its first
 * list from its payload in this order, and a test holds the two equal.
 */
export function moduleDirectoryOrder(a: Row, b: Row): number {
  const byName = String(a.name) < String(b.name) ? -1 : String(a.name) > String(b.name) ? 1 : 0
  return Number(b.sponsor === true) - Number(a.sponsor === true) || Number(b.official === true) - Number(a.official === true) || num(b.downloads) - num(a.downloads) || byName
}
/** The directory's head. */
const topModules = (rows: readonly Row[]) => [...rows].sort(moduleDirectoryOrder).slice(0, HOME_HIGHLIGHTS.modules)
/** Featured providers first, then by title. */
const topProviders = (rows: readonly Row[]) =>
  [...rows].sort((a, b) => Number(b.featured === true) - Number(a.featured === true) || str(a.title).localeCompare(str(b.title))).slice(0, HOME_HIGHLIGHTS.deploy)

export const listings: readonly Listing[] = [
  // The home page: highlights of the ecosystem, the latest posts and every sponsor.
  { path: paths.home(), collection: 'blog', omit: withoutBody, select: latestPosts },
  { path: paths.home(), collection: 'modules', omit: ['readme'], select: topModules },
  { path: paths.home(), collection: 'deploy', omit: withoutBody, select: topProviders },
  { path: paths.home(), collection: 'manualSponsors' },
  { path: paths.blog(), collection: 'blog', omit: withoutBody },
  // The enterprise overview: what each page below it holds.
  { path: paths.enterprise(), collection: 'support', omit: withoutBody },
  { path: paths.enterprise(), collection: 'agencies', omit: withoutBody },
  { path: paths.enterprise(), collection: 'manualSponsors' },
  { path: paths.deploy(), collection: 'deploy', omit: withoutBody },
  // The directory's cards never show a README; its first list is the payload's order.
  { path: paths.modules(), collection: 'modules', omit: ['readme'], order: moduleDirectoryOrder },
  { path: paths.templates(), collection: 'templates' },
  { path: paths.showcase(), collection: 'showcase' },
  { path: paths.videoCourses(), collection: 'videoCourses' },
  { path: paths.team(), collection: 'team' },
  { path: paths.designKit(), collection: 'designKit' },
  { path: paths.enterpriseSupport(), collection: 'support' },
  { path: paths.enterpriseSponsors(), collection: 'manualSponsors' },
  { path: paths.enterpriseAgencies(), collection: 'agencies', omit: withoutBody },
]

/**
 * Each translated blog's listing (`/es/blog`, `locales[].blog`): its own posts, under
 * the blog's header (`content/landing/blog.yml`) in the locale's words (`locales[].labels`).
 */
export function translatedBlogListings(config: Pick<SiteConfig, 'locales'>): Listing[] {
  return blogEditions(config)
    .filter((blog) => blog.path !== blog.original)
    .map((blog) => ({ path: blog.path, collection: blog.collection, omit: withoutBody, header: { from: blog.original, words: (text) => labelIn(config, blog.locale, text) } }))
}

/** A header row in other words: its title, description, SEO texts and hero, at another path. */
export function translatedHeader(row: Row, path: string, words: (text: string) => string): Row {
  const say = (value: unknown) => (typeof value === 'string' ? words(value) : value)
  const texts = (record: unknown, keys: readonly string[]) =>
    isRecord(record) ? { ...record, ...Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, say(record[key])])) } : record
  const meta = isRecord(row.meta) ? { ...row.meta, hero: texts(row.meta.hero, ['title', 'description']) } : row.meta
  return { ...row, path, title: say(row.title), description: say(row.description), seo: texts(row.seo, ['title', 'description']), meta }
}
