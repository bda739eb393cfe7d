import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

import { withBase } from '../../src/contract/base'
import type { CspManifest } from '../../src/contract/content/build-output'
import { isRecord } from '../../src/contract/is-record'
import { isInside } from '../../src/contract/links'
import { blogEditions, defaultLocale, labelIn, localeByCode, localeOf, translatables, uiString } from '../../src/contract/locales'
import { ERROR_DESCRIPTION, ERROR_TITLE } from '../../src/contract/messages'
import { paths } from '../../src/contract/paths'
import { isRouteOn } from '../../src/contract/sections'
import type { SiteConfig } from '../../src/contract/site-schema'
import { pageTitle, routeTitle, SIGN_IN_TITLE } from '../../src/contract/title'
import type { RoutePayload } from '../collections/routes'
import { escapeMarkup } from '../escape'
import { mapLimit } from '../workers/concurrency'
import { inlineHashes, ownHashes } from './inline-hashes'

/**
 * Each prerendered route gets its own index.html: the app's page with that route's
 * title, description, canonical URL, Open Graph and Twitter tags, so link previews
 * and crawlers see the right page without running JavaScript. 200.html is the plain
 * app shell (routes without content), 404.html the shell for unknown paths; static
 * hosts pick both up by convention, and the server uses them the same way.
 */

export interface Head {
  title: string
  description: string
  /** Absolute URL of the route; absent for the shells. */
  url?: string
  image?: string
  type: 'website' | 'article'
  /** A blog's pages announce its feeds (a translated blog's own), for readers that discover them: their name and paths. */
  feeds?: { title: string; rss: string; atom: string }
  /** The page's language and direction, for `<html lang dir>`. */
  lang: string
  dir: 'ltr' | 'rtl'
  /** A translated page's versions in every locale it is read in, then `x-default`: hreflang alternates. */
  alternates?: { hreflang: string; url: string }[]
}

/** The `lang` and `dir` of a page of the default locale, and of the shells. */
const defaultLanguage = (config: SiteConfig) => ({ lang: defaultLocale(config).lang, dir: defaultLocale(config).dir })

/**
 * The same page in each locale that has it, a translated docs page's or blog post's
 * (or the blog's listing): the default locale's first, each with its locale's language
 * tag, and `x-default` on the default locale's page. None for a page read in one
 * language only.
 */
export function alternatesOf(path: string, config: SiteConfig, exists: (path: string) => boolean): Head['alternates'] {
  const editions = translatables(config)
  const edition = editions.find((e) => isInside(path, e.path))
  if (!edition) return undefined
  const rest = path.slice(edition.path.length)
  const found = editions
    .filter((e) => e.original === edition.original && exists(e.path + rest))
    .map((e) => ({ hreflang: localeByCode(config, e.locale)?.lang ?? e.locale, url: absolute(e.path + rest, config), original: e.path === e.original }))
  if (found.length < 2) return undefined
  const original = found.find((a) => a.original)
  return [...found.map(({ hreflang, url }) => ({ hreflang, url })), ...(original ? [{ hreflang: 'x-default', url: original.url }] : [])]
}

export function headFor(payload: RoutePayload, config: SiteConfig, exists: (path: string) => boolean = () => false): Head {
  const row: Record<string, unknown> = payload.row ?? {}
  const seo = isRecord(row.seo) ? row.seo : {}
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined)
  const title = text(seo.title) ?? text(row.title) ?? text(row.name)
  const image = text(seo.image) ?? text(row.image) ?? text(row.screenshotUrl) ?? config.brand.socialImage
  const locale = localeOf(config, payload.path)
  const alternates = alternatesOf(payload.path, config, exists)
  const blog = blogEditions(config).find((b) => b.collection === payload.collection || b.path === payload.path)
  return {
    title: routeTitle(payload.path, title, config.brand),
    description: text(seo.description) ?? text(row.description) ?? config.brand.description,
    url: absolute(payload.path, config),
    ...(image ? { image: absolute(image, config) } : {}),
    type: blog && payload.path !== blog.path ? 'article' : 'website',
    ...(blog ? { feeds: { title: labelIn(config, blog.locale, `${config.brand.name} blog`), rss: blog.rss, atom: blog.atom } } : {}),
    lang: locale.lang,
    dir: locale.dir,
    ...(alternates ? { alternates } : {}),
  }
}

/**
 * The tags for `head` added to a template that normalizeTemplate has already
 * stripped of any earlier route tags (and that may carry the build id meta, which
 * must stay).
 */
export function renderHead(template: string, head: Head, config: SiteConfig): string {
  const tags = [
    `<title>${escapeMarkup(head.title)}</title>`,
    `<meta name="description" content="${escapeMarkup(head.description)}" />`,
    ...(head.url ? [`<link rel="canonical" href="${escapeMarkup(head.url)}" />`] : []),
    `<meta property="og:site_name" content="${escapeMarkup(config.brand.name)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${escapeMarkup(head.title)}" />`,
    `<meta property="og:description" content="${escapeMarkup(head.description)}" />`,
    ...(head.url ? [`<meta property="og:url" content="${escapeMarkup(head.url)}" />`] : []),
    ...(head.image ? [`<meta property="og:image" content="${escapeMarkup(head.image)}" />`] : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeMarkup(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeMarkup(head.description)}" />`,
    ...(head.image ? [`<meta name="twitter:image" content="${escapeMarkup(head.image)}" />`] : []),
    ...(head.feeds
      ? [
          `<link rel="alternate" type="application/rss+xml" title="${escapeMarkup(`${head.feeds.title} (RSS)`)}" href="${escapeMarkup(absolute(head.feeds.rss, config))}" />`,
          `<link rel="alternate" type="application/atom+xml" title="${escapeMarkup(`${head.feeds.title} (Atom)`)}" href="${escapeMarkup(absolute(head.feeds.atom, config))}" />`,
        ]
      : []),
    ...(head.alternates ?? []).map((a) => `<link rel="alternate" hreflang="${escapeMarkup(a.hreflang)}" href="${escapeMarkup(a.url)}" />`),
  ]
  return template
    .replace(/<html[^>]*>/, `<html lang="${escapeMarkup(head.lang)}" dir="${head.dir}">`)
    .replace('</head>', `  ${HEAD_START}\n    ${tags.join('\n    ')}\n    ${HEAD_END}\n  </head>`)
}

const HEAD_START = '<!--fjord:head-->'
const HEAD_END = '<!--/fjord:head-->'

/**
 * The app's index.html without anything a build writes into it (route tags, the
 * build id) and without its own title and description: the same text whether the
 * file is fresh from Vite or was rendered by an earlier content build.
 */
export function normalizeTemplate(html: string): string {
  return (
    restoreEntry(html)
      // Each page writes its own language and direction.
      .replace(/<html[^>]*>/, '<html>')
      .replace(/<!--prerendered-->[\s\S]*?<!--\/prerendered-->/, '')
      .replace(/\s*<!--fjord:head-->[\s\S]*?<!--\/fjord:head-->/, '')
      .replace(/\s*<!--fjord:css-->[\s\S]*?<!--\/fjord:css-->/, '')
      .replace(/\s*<meta name="build-id" content="[^"]*" \/>/, '')
      .replace(/\s*<title>[\s\S]*?<\/title>/, '')
      .replace(/\s*<meta name="description"[^>]*>/, '')
  )
}

/**
 * The template with a page's build-time markup before the app's root: painted before any
 * JavaScript is fetched or run. The page is readable without the app, so nothing of the
 * app competes with that first paint: its code is not preloaded (on a slow connection the
 * page's stylesheets and first images have the line to themselves; the bytes before the
 * largest paint are the page's own), and the app is fetched and started once the frame
 * holding the whole markup has been presented, or two frames after the parser finished
 * where no largest-contentful-paint entry says so (the largest element was painted
 * before, or the browser does not report it). Started as the parser finishes, the app's
 * code (hundreds of milliseconds on a slow phone) held back the paint of whatever the
 * last parsed chunk of the page held, often its largest text. A page in a background
 * tab, which paints nothing, starts it at once.
 *
 * The entry's module preloads are made by the start script, with the entry's import, so
 * its chunks come in one round trip as the template's tags would fetch them. Beside the
 * page's stylesheets, the head says where its opening ends (`openingEnd`).
 */
export function withPrerendered(html: string, drawn: string | undefined, stylesheets: (modules: string[]) => string[] = () => []): string {
  if (!drawn) return html
  const { markup, modules } = readModules(drawn)
  const links = stylesheets(modules).map((href) => `<link rel="stylesheet" crossorigin href="${escapeMarkup(href)}">`)
  const opening = openingEnd(markup)
  // The id as the markup wrote it: already an attribute value.
  if (opening) links.push(`<link rel="expect" href="#${opening}" blocking="render">`)
  if (links.length) html = html.replace('</head>', () => `  ${CSS_START}${links.join('')}${CSS_END}\n  </head>`)
  const app = APP_TAGS.exec(html)
  let start = ''
  if (app) {
    const [block, entry = '', preloads = ''] = app
    const hrefs = [...preloads.matchAll(PRELOAD_HREF)].map((m) => m[1] ?? '')
    start = `${START_PREFIX}${JSON.stringify({ entry, preloads: hrefs, gap: /^\s*/.exec(preloads)?.[0] ?? '' })}${START_SUFFIX}`
    html = html.replace(block, () => APP_MARK)
  }
  return html.replace('<div id="root"></div>', () => `<!--prerendered--><div id="prerendered">${markup}</div><!--/prerendered--><div id="root"></div>${start}`)
}

/**
 * The id of the page's first section heading (its first `h2` with an id), which the page
 * holds back its first frame for (`<link rel="expect" blocking="render">`): that frame then
 * shows the page's opening, its largest text most often, whole. Without it, a browser on a
 * slow CPU paints what its parser reached in its first slice of time (the header, a page
 * held in the header's menus and the sidebar) and lays the page out again, frame after
 * frame, before the opening appears. None for a page without such a heading, or whose
 * first one comes after more than `OPENING_BYTES` of its main content (a listing of
 * cards): holding its first frame would wait for most of the page.
 */
function openingEnd(markup: string): string | undefined {
  const main = Math.max(0, markup.indexOf('<main'))
  return /<h2\b[^>]*?\sid="([^"]+)"/.exec(markup.slice(main, main + OPENING_BYTES))?.[1]
}

/** How far into a page's main content its first section heading may come and still hold the first frame (UTF-16 units). */
const OPENING_BYTES = 24 * 1024

const MODULES = /^<!--modules ([^>]*)-->/
const CSS_START = '<!--fjord:css-->'
const CSS_END = '<!--/fjord:css-->'

/** The prerender's markup and the source modules it names first (src/prerender.tsx `withModules`): their CSS is linked in the head. */
function readModules(drawn: string): { markup: string; modules: string[] } {
  const named = MODULES.exec(drawn)
  return named ? { markup: drawn.slice(named[0].length), modules: (named[1] ?? '').split(' ').filter(Boolean) } : { markup: drawn, modules: [] }
}

/** How Vite writes the app's entry and its module preloads into the template: one block, the entry first. */
const APP_TAGS = /<script type="module" crossorigin src="([^"]+)"><\/script>((?:\s*<link rel="modulepreload" crossorigin href="[^"]+">)*)/
const PRELOAD_HREF = /<link rel="modulepreload" crossorigin href="([^"]+)">/g
/** Where the block stood in a drawn page's head, so the template can be read back from it. */
const APP_MARK = '<!--fjord:app-->'
const START_PREFIX = '<script type="module">const app='
/**
 * Fetches and starts the app (`app.entry`, its chunks preloaded alongside) once the frame
 * with the page's markup is presented. Where the browser reports paints: if nothing
 * contentful has been presented yet, the first paint reported after the parser finished
 * (first contentful or largest), however many frames a busy machine takes to present it,
 * or a second at most; if something has, a larger paint reported after, else two frames
 * later. Where it reports none, two frames later. `app.gap` only serves to read the
 * template back.
 */
const START_CODE = ';const start=()=>{'
const START_SUFFIX =
  `${START_CODE}for(const href of app.preloads){const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.append(link)}import(app.entry)};` +
  'document.hidden?start():requestAnimationFrame(()=>{let started=false;const go=()=>{if(!started){started=true;setTimeout(start,0)}};const after=performance.now();' +
  "const types=(PerformanceObserver.supportedEntryTypes||[]).filter((type)=>type==='paint'||type==='largest-contentful-paint');" +
  "const unpainted=types.includes('paint')&&!performance.getEntriesByName('first-contentful-paint').length;" +
  "try{new PerformanceObserver((list,observer)=>{if(list.getEntries().some((entry)=>entry.startTime>=after||(unpainted&&entry.name==='first-contentful-paint'))){observer.disconnect();go()}}).observe({entryTypes:types})}catch{}" +
  'unpainted?setTimeout(go,1000):requestAnimationFrame(()=>requestAnimationFrame(go))})</script>'

/** A prerendered page's HTML with the app's entry script and module preloads back as the template had them (the build reads dist/index.html as its template). */
function restoreEntry(drawn: string): string {
  const at = drawn.indexOf(START_PREFIX)
  if (at === -1 || !drawn.includes(APP_MARK)) return drawn
  const end = drawn.indexOf('</script>', at) + '</script>'.length
  // Up to the code, not the whole suffix: a page an earlier build drew reads back as well.
  const json = drawn.slice(at + START_PREFIX.length, drawn.indexOf(START_CODE, at))
  const app: unknown = JSON.parse(json)
  if (!isRecord(app) || typeof app.entry !== 'string' || !Array.isArray(app.preloads) || typeof app.gap !== 'string') return drawn
  const gap = app.gap
  const block =
    `<script type="module" crossorigin src="${app.entry}"></script>` + app.preloads.map((href) => `${gap}<link rel="modulepreload" crossorigin href="${String(href)}">`).join('')
  return (drawn.slice(0, at) + drawn.slice(end)).replace(APP_MARK, () => block)
}

/**
 * Writes every route's HTML and returns the hashes of what it inlined: the
 * template's (the colour-mode boot script) and each prerendered page's own.
 */
export async function writeRouteHtml(
  outDir: string,
  template: string,
  pages: readonly RoutePayload[],
  config: SiteConfig,
  markup?: (page: RoutePayload) => Promise<string | undefined> | string | undefined,
  stylesheets?: (modules: string[]) => string[],
): Promise<CspManifest> {
  const csp: CspManifest = { template: inlineHashes(template), routes: {} }
  const write = async (file: string, html: string) => {
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, html)
  }
  const shell = { type: 'website', ...defaultLanguage(config) } as const
  await write(join(outDir, '200.html'), renderHead(template, { title: pageTitle(undefined, config.brand), description: config.brand.description, ...shell }, config))
  await write(join(outDir, '404.html'), renderHead(template, { title: ERROR_TITLE, description: ERROR_DESCRIPTION, ...shell }, config))
  // Each other language's, for the paths under its code (`/es/404.html`): hosts that look for
  // the nearest 404.html, the server, nginx and Netlify's rules answer with it (notFoundPages).
  for (const locale of config.locales.slice(1)) {
    const words = { title: uiString(config, locale.code, 'errorTitle'), description: uiString(config, locale.code, 'errorDescription') }
    await write(join(outDir, locale.code, '404.html'), renderHead(template, { ...words, type: 'website', lang: locale.lang, dir: locale.dir }, config))
  }
  // The sign-in page has no content, but a title of its own, the same before the app starts as after.
  if (isRouteOn(config.sections, paths.adminLogin())) {
    const signIn = { title: pageTitle(SIGN_IN_TITLE, config.brand), description: config.brand.description, ...shell } as const
    await write(join(outDir, ...paths.adminLogin().split('/').filter(Boolean), 'index.html'), renderHead(template, signIn, config))
  }
  const pagePaths = new Set(pages.map((page) => page.path))
  const exists = (path: string) => pagePaths.has(path)
  const owns = await mapLimit(pages, 8, async (page) => {
    const prerendered = await markup?.(page)
    const html = withPrerendered(renderHead(template, headFor(page, config, exists), config), prerendered, stylesheets)
    await write(join(outDir, ...page.path.split('/').filter(Boolean), 'index.html'), html)
    return prerendered ? ownHashes(html, csp.template) : undefined
  })
  // In page order, whatever order the writes finished in: the same content gives the same manifest.
  pages.forEach((page, i) => {
    const own = owns[i]
    if (own && (own.script.length || own.style.length)) csp.routes[page.path] = own
  })
  return csp
}

/** sitemap.xml of every prerendered route, robots.txt pointing at it (and away from /admin). */
export async function writeCrawlerFiles(outDir: string, routes: readonly string[], config: SiteConfig) {
  const urls = routes.map((path) => `  <url><loc>${escapeMarkup(absolute(path, config))}</loc></url>`)
  await writeFile(
    join(outDir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
  )
  const under = (path: string) => withBase(config.base, path)
  await writeFile(join(outDir, 'robots.txt'), `User-agent: *\nAllow: ${under('/')}\nDisallow: ${under(paths.admin())}\n\nSitemap: ${absolute('/sitemap.xml', config)}\n`)
}

/** A site path's public URL: the site's origin, its base path, the path (`https://example.org/fjord/docs`). */
function absolute(pathOrUrl: string, config: SiteConfig): string {
  return new URL(withBase(config.base, pathOrUrl), config.brand.url).href
}
