import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

import { withBase } from '../../src/contract/base'
import {
  BUILD_REPORT,
  CONTENT_BASE,
  type ContentManifest,
  CSP_MANIFEST,
  type CspManifest,
  DRAFTS_DIR,
  DRAFTS_MANIFEST,
  type DraftsManifest,
  type ManifestCollection,
  privateDir,
  WARNINGS_FILE,
} from '../../src/contract/content/build-output'
import { THUMBNAIL_BASE } from '../../src/contract/content/thumbnail'
import { docsEditions } from '../../src/contract/locales'
import type { SearchHead } from '../../src/contract/search-index'
import { headLang } from '../../src/contract/search-terms'
import type { SiteConfig } from '../../src/contract/site-schema'
import type { BuildOutput } from '../build'
import { flattenNavigation, type NavItem } from '../collections/navigation'
import type { RoutePayload } from '../collections/routes'
import { WARNINGS_SHOWN, warningsFile } from '../errors'
import type { PrerenderCache } from '../prerender/cache'
import { makeDirs, mapLimit, settleAll, slots } from '../workers/concurrency'
import { writeBrandAssets } from './brand-assets'
import { hash } from './checksum'
import { tableName } from './dump'
import { writeBlogFeeds } from './feeds'
import { writeHostFiles } from './host-files'
import { normalizeTemplate, writeCrawlerFiles, writeRouteHtml } from './html'
import { appTexts, writeIconFiles } from './icon-files'
import { sqliteImage } from './image'
import { writeLlmsFiles } from './llms'
import type { SearchFileKept } from './search-files'
import type { PreparedSearchFiles } from './search-files-thread'
import { removeServiceWorker, type ServiceWorkerResult, writeServiceWorker } from './service-worker'
import { moduleStylesheets, readViteManifest, viteManifestFile } from './vite-manifest'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

export interface WrittenCollection {
  name: string
  rows: number
  /** The SQL dump's bytes. */
  raw: number
  /** The same collection as a SQLite file, the one browsers download: raw, gzip, brotli. */
  image: { raw: number; gzip: number; brotli: number }
}

export interface WriteResult {
  buildId: string
  collections: WrittenCollection[]
  payloads: number
  /** The service worker's precache list, when the app was built (see service-worker.ts). */
  serviceWorker?: ServiceWorkerResult | undefined
  /** With `rebuild`: what was written, for the next rebuild in this process. */
  state?: WriteState
}

/**
 * What a build wrote into its output folder, kept by a process that builds again
 * (the dev server, on every save): the next build leaves alone the collections whose
 * dump did not change and the payloads whose text did not, so one edited page
 * rewrites one collection and one payload.
 */
export interface WriteState {
  outDir: string
  /** Each collection as written: its dump's checksum and its navigation's JSON (from `.navigation.yml` files too, which the dump does not hold). */
  collections: Map<string, { checksum: string; navigation: string; entry: ManifestCollection; written: WrittenCollection }>
  /** Each payload's JSON, by route. */
  payloads: Map<string, string>
  /** Each docs page's raw Markdown (`/raw/…md`), by file. */
  raw: Map<string, string>
  /** Each search index shard and chunk written (its checksum and gzipped size), by collection and file name: a save rewrites only those it changed. */
  searchFiles: Map<string, Map<string, SearchFileKept>>
}

export interface WriteOptions {
  prerender?: Prerender | undefined
  prerenderCache?: PrerenderCache | undefined
  /**
   * This process builds again on every save (the dev server): the result carries what
   * was written (`state`), `previous` (the last rebuild's, for the same folder) spares
   * what has not changed, and database files get a quick gzip and no brotli (a brotli
   * file left from before is removed; the server compresses on request what has none).
   */
  rebuild?: { previous: WriteState | undefined }
  /**
   * The app's source folder, read for the icon names it draws when `outDir` holds no app
   * build (the dev server, which bundles nothing). A build's own scripts are read otherwise.
   */
  appSources?: string | undefined
}

type Compressor = (bytes: Uint8Array) => Promise<Buffer>
/** How a build compresses its large files: gzip always, brotli unless rebuilding on save. */
interface Compression {
  gzip: Compressor
  brotli: Compressor | undefined
}

/** Renders pages' markup for their index.html (src/prerender.tsx, built for Node). */
export interface Prerender {
  /** A docs page, from its payload and its version's navigation tree. */
  docs: (payload: PagePayloadJson, navigation: NavItem[]) => string | Promise<string>
  /** Any other page, by the app's routes reading the given payloads (every non-docs page's). */
  route?: ((path: string, payloads: PagePayloadJson[]) => Promise<string>) | undefined
}

/** A route's `_payload.json`, as the browser reads it. */
export interface PagePayloadJson {
  path: string
  collection: string | null
  page: Record<string, unknown> | null
  surround: RoutePayload['surround'] | null
  lists?: RoutePayload['lists']
  totals?: RoutePayload['totals']
}

export function payloadJson(page: RoutePayload): PagePayloadJson {
  return {
    path: page.path,
    collection: page.collection,
    page: page.row,
    surround: page.surround ?? null,
    ...(page.lists ? { lists: page.lists } : {}),
    ...(page.totals ? { totals: page.totals } : {}),
  }
}

/**
 * Writes what the browser and the server read: per-collection database files (with
 * gzip and brotli siblings for static hosts) and SQL dumps, search sections,
 * navigation trees, one payload per routed page, the content manifest and the build
 * manifests.
 *
 * Only what browsers download is compressed here. The SQL dump is read by the server
 * (the query endpoint) and by tests from disk, and by a browser only when the manifest
 * names no database file, which this build always writes; the server compresses it on
 * request for such a client. Compressing it both ways took a third of the output
 * step's CPU.
 */
export async function writeOutputs(out: BuildOutput, outDir: string, config: SiteConfig, version: number, options: WriteOptions = {}): Promise<WriteResult> {
  const contentDir = join(outDir, CONTENT_BASE)
  const previous = options.rebuild?.previous?.outDir === outDir ? options.rebuild.previous : undefined
  // Kept only by a process that builds again: a one-off build holds no copy of every payload.
  const state: WriteState | undefined = options.rebuild ? { outDir, collections: new Map(), payloads: new Map(), raw: new Map(), searchFiles: new Map() } : undefined
  await mkdir(outDir, { recursive: true })
  await clearOutputs(out, outDir, previous)

  const { buildId, csp } = await writePages(out, outDir, config, options)
  await writeCrawlerFiles(outDir, out.prerendered, config)
  await writeBuildFiles(out, outDir)
  // Icons, manifest and social image from the brand, where public/ has none (the dev server draws its own),
  // before docs trees' files: a tree's favicon is not the site's.
  if (!options.rebuild) await writeBrandAssets(outDir, config)
  // Docs trees' own static files, where the site has none of its own at that path.
  for (const dir of out.publicDirs) await cp(dir, outDir, { recursive: true, force: false, errorOnExist: false })

  // The raw Markdown and feeds, the collections' files and the payloads go at once:
  // each is mostly file writes and compression, done off this thread.
  const textFiles = (async () => {
    const raw = await writeLlmsFiles(outDir, docsInReadingOrder(out, config), config, previous?.raw)
    if (state) state.raw = raw
    await writeBlogFeeds(outDir, out.collections, config)
  })()
  const payloads = mapLimit(out.pages, 32, async (page) => {
    const json = JSON.stringify(payloadJson(page))
    state?.payloads.set(page.path, json)
    if (previous?.payloads.get(page.path) === json) return
    const file = payloadFile(outDir, page.path)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, json)
  })
  const manifest: ContentManifest = { version, buildId, collections: {} }
  const written: WrittenCollection[] = []
  const compress: Compression = options.rebuild ? { gzip: gzip1, brotli: undefined } : { gzip: gzipBest, brotli }
  const collections = settleAll(
    out.collections.map(async (c) => {
      const kept = previous?.collections.get(c.def.name)
      const navigationJson = state ? JSON.stringify(c.navigation ?? null) : ''
      const unchanged = kept && kept.checksum === c.dump.checksum && kept.navigation === navigationJson
      const searchFiles = state ? { previous: previous?.searchFiles.get(c.def.name), next: new Map<string, SearchFileKept>() } : undefined
      // A collection kept as it was keeps its search files' record for the next save.
      state?.searchFiles.set(c.def.name, (unchanged ? searchFiles?.previous : searchFiles?.next) ?? new Map())
      const record = unchanged ? kept : { ...(await writeCollection(c, contentDir, compress, searchFiles)), checksum: c.dump.checksum, navigation: navigationJson }
      // The images are the build's (their files may change while the dump does not): never from a kept record.
      manifest.collections[c.def.name] = c.images?.length ? { ...record.entry, images: c.images } : record.entry
      written.push(record.written)
      state?.collections.set(c.def.name, record)
    }),
  )
  await settleAll([textFiles, collections, payloads])
  manifest.collections = Object.fromEntries(Object.entries(manifest.collections).sort(([a], [b]) => a.localeCompare(b)))
  manifest.icons = await writeIconFiles(outDir, await iconTexts(out, outDir, config, options.appSources))
  await writeFile(join(contentDir, 'manifest.json'), JSON.stringify(manifest))

  await writeBuildRecords(out, outDir, config, { buildId, csp })
  const order = out.collections.map((c) => c.def.name)
  written.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))
  // Last: its precache list names the final files, this build's manifest among them.
  const serviceWorker = config.offline ? await writeServiceWorker(outDir, buildId, config.base) : await removeServiceWorker(outDir)
  // What static hosts read (redirects, headers, the 404 page), from the HTML and manifest now in place;
  // not on every save of the dev server, which no host reads.
  if (!options.rebuild) await writeHostFiles(outDir, config, { redirects: out.redirects, prerendered: out.prerendered, manifest })
  return { buildId, collections: written, payloads: out.pages.length, serviceWorker, state }
}

/** Removes what the last build wrote and this one will not: only what is gone when that is known, else everything. */
async function clearOutputs(out: BuildOutput, outDir: string, previous: WriteState | undefined) {
  const contentDir = join(outDir, CONTENT_BASE)
  if (previous) {
    const pages = new Set(out.pages.map((page) => page.path))
    await Promise.all([...previous.payloads.keys()].filter((path) => !pages.has(path)).map((path) => rm(payloadFile(outDir, path), { force: true })))
    const names = new Set(out.collections.map((c) => c.def.name))
    await Promise.all([...previous.collections.keys()].filter((name) => !names.has(name)).map((name) => rm(join(contentDir, name), { recursive: true, force: true })))
    await removePreviousMeta(outDir)
  } else {
    await removePreviousBuild(outDir)
    await rm(contentDir, { recursive: true, force: true })
  }
}

/**
 * Every route's index.html (prerendered where a prerender is given), and the build id:
 * the app's index.html names its hashed assets, so a new app build is a new build id too.
 */
async function writePages(out: BuildOutput, outDir: string, config: SiteConfig, { prerender, prerenderCache }: WriteOptions) {
  const indexHtml = join(outDir, 'index.html')
  const template = existsSync(indexHtml) ? normalizeTemplate(await readFile(indexHtml, 'utf8')) : undefined
  const buildId = hash(`${out.contentHash}:${template === undefined ? 'no-app' : hash(template)}`)
  if (template === undefined) return { buildId, csp: { template: { script: [], style: [] }, routes: {} } satisfies CspManifest }
  // The page knows its build without a request, so its first payload fetch carries ?v=.
  const withBuild = template.replace('</head>', `  <meta name="build-id" content="${buildId}" />\n  </head>`)
  const navigation = new Map(out.collections.flatMap((c) => (c.navigation ? [[c.def.name, c.navigation] as const] : [])))
  const treeOf = (page: RoutePayload) => (page.collection ? navigation.get(page.collection) : undefined)
  // Every page but the docs is drawn by the app's routes, whose loaders may read any of these (a post, the blog's list).
  const routePayloads = out.pages.filter((page) => !treeOf(page)).map(payloadJson)
  const routePayload = new Map(routePayloads.map((payload) => [payload.path, payload]))
  const drawn = (payload: PagePayloadJson, by: object, draw: () => Promise<string> | string) => (prerenderCache ? prerenderCache.markup(payload, by, draw) : draw())
  const markup = prerender
    ? async (page: RoutePayload) => {
        const tree = treeOf(page)
        if (tree) {
          const payload = payloadJson(page)
          return drawn(payload, tree, () => prerender.docs(payload, tree))
        }
        const { route } = prerender
        const payload = routePayload.get(page.path)
        return route && payload ? drawn(payload, routePayloads, () => route(page.path, routePayloads)) : undefined
      }
    : undefined
  // The CSS of the modules a drawn page names, from the app build's manifest (absent when only the content is built).
  const manifest = markup && existsSync(viteManifestFile(outDir)) ? await readViteManifest(outDir) : undefined
  const stylesheets = (modules: string[]) => (manifest ? moduleStylesheets(manifest, modules).map((path) => withBase(config.base, path)) : [])
  const csp = await writeRouteHtml(outDir, withBuild, out.pages, config, markup, stylesheets)
  await prerenderCache?.prune()
  if (!out.pages.some((p) => p.path === '/')) await writeFile(indexHtml, await readFile(join(outDir, '200.html'), 'utf8'))
  return { buildId, csp }
}

/**
 * Where the site names the icons it draws: the app's scripts (or, with no app build, its
 * sources), the site config (menus, social links) and the public content with its
 * navigation (front matter, page links, Markdown components).
 */
async function iconTexts(out: BuildOutput, outDir: string, config: SiteConfig, appSources: string | undefined): Promise<string[]> {
  const bundle = join(outDir, '_app')
  const app = existsSync(bundle) ? await appTexts(bundle) : appSources ? await appTexts(appSources) : []
  return [...app, JSON.stringify(config), ...out.collections.flatMap((c) => [c.dump.sql, JSON.stringify(c.navigation ?? null)])]
}

/** Files the build made besides the content (module thumbnails), named by their content: the folder holds this build's only. */
async function writeBuildFiles(out: BuildOutput, outDir: string) {
  await rm(join(outDir, THUMBNAIL_BASE), { recursive: true, force: true })
  const files = [...out.files].map(([path, data]) => [join(outDir, path), data] as const)
  await makeDirs(files.map(([file]) => dirname(file)))
  await mapLimit(files, 16, ([file, data]) => writeFile(file, data))
}

/** Each docs edition in reading order (the sidebar's), translations too, for llms.txt and the raw Markdown files. */
function docsInReadingOrder(out: BuildOutput, config: SiteConfig) {
  return docsEditions(config).map((v) => {
    const collection = out.collections.find((c) => c.def.name === v.collection)
    const order = new Map(flattenNavigation(collection?.navigation ?? []).map((item, i) => [item.path, i]))
    const rows = [...(collection?.rows ?? [])].sort((a, b) => (order.get(String(a.path)) ?? Infinity) - (order.get(String(b.path)) ?? Infinity))
    return { label: v.label, tag: v.tag, locale: v.locale, rows }
  })
}

/** One collection's files: its SQL dump, its database image, search and navigation JSON, each compressed; and its manifest entry. */
async function writeCollection(c: BuildOutput['collections'][number], contentDir: string, compress: Compression, searchFiles?: SearchFilesKept) {
  const dir = join(contentDir, c.def.name)
  await mkdir(dir, { recursive: true })
  const json = (key: string, data: unknown) => (data ? writeJson(dir, `${key}.json`, data, `${CONTENT_BASE}/${c.def.name}`, compress) : undefined)
  // A docs version's search is an index made here (the palette's first query loads a few of its files); the blog's, small, is indexed in the browser.
  const prebuilt = c.searchFiles
  // The JSON files are compressed while the database file is made.
  const [search, navigation, [image, imageGz, imageBr]] = await settleAll([
    prebuilt ? writeSearchIndex(dir, `${CONTENT_BASE}/${c.def.name}`, prebuilt, compress, c.def.lang, searchFiles) : json('search', c.sections),
    json('navigation', c.navigation),
    sqliteImage(c.dump.sql).then((image) => Promise.all([image, compress.gzip(image), compress.brotli?.(image)])),
  ])
  await settleAll([
    writeFile(join(dir, 'sql_dump.txt'), c.dump.sql),
    writeFile(join(dir, 'db.sqlite'), image),
    writeFile(join(dir, 'db.sqlite.gz'), imageGz),
    imageBr ? writeFile(join(dir, 'db.sqlite.br'), imageBr) : rm(join(dir, 'db.sqlite.br'), { force: true }),
  ])
  const entry: ManifestCollection = {
    type: c.def.type,
    ...(c.def.type === 'page' && c.def.routes ? { prefix: c.def.prefix } : {}),
    table: tableName(c.def.name),
    checksum: c.dump.checksum,
    rows: c.rows.length,
    columns: c.columns,
    // URLs carry their checksum, so they can be cached for good and change with content.
    dump: `${CONTENT_BASE}/${c.def.name}/sql_dump.txt?v=${c.dump.checksum}`,
    image: `${CONTENT_BASE}/${c.def.name}/db.sqlite?v=${c.dump.checksum}`,
  }
  // What a browser downloads: the image (the SQL text stays for the query endpoint and older clients).
  const size: NonNullable<ManifestCollection['size']> = { database: image.length, gzip: imageGz.length }
  for (const [key, json] of [
    ['search', search],
    ['navigation', navigation],
  ] as const) {
    if (!json) continue
    entry[key === 'search' && prebuilt ? 'searchIndex' : key] = { path: json.path, checksum: json.checksum }
    size[key] = json.raw
    size.gzip += json.gzip
  }
  entry.size = size
  const written: WrittenCollection = {
    name: c.def.name,
    rows: c.rows.length,
    raw: Buffer.byteLength(c.dump.sql),
    image: { raw: image.length, gzip: imageGz.length, brotli: imageBr?.length ?? 0 },
  }
  return { entry, written }
}

/**
 * What the server reads besides the content: the latest build, the API's figures, the
 * build's metadata; and, outside dist/ (in the private folder beside it, which no host
 * of dist/ serves), the pages' CSP hashes, the build report and the drafts the preview
 * API hands out.
 */
async function writeBuildRecords(out: BuildOutput, outDir: string, config: SiteConfig, { buildId, csp }: { buildId: string; csp: CspManifest }) {
  const timestamp = Date.now()
  const hidden = privateDir(outDir)
  await mkdir(join(outDir, 'builds', 'meta'), { recursive: true })
  // `base`: the path the build's URLs are under (site.config.ts `base` or BASE_PATH), for the server and host files.
  await writeFile(join(outDir, 'builds', 'latest.json'), JSON.stringify({ id: buildId, timestamp, base: config.base }))
  await writeFile(join(outDir, 'builds', 'stats.json'), JSON.stringify(out.stats))
  await writeFile(join(outDir, 'builds', 'modules.json'), JSON.stringify(out.modules))
  await rm(join(hidden, DRAFTS_DIR), { recursive: true, force: true })
  await mkdir(join(hidden, DRAFTS_DIR), { recursive: true })
  await writeFile(join(hidden, CSP_MANIFEST), JSON.stringify(csp))
  const drafts: DraftsManifest = { collections: {} }
  for (const d of out.drafts) {
    await writeFile(join(hidden, DRAFTS_DIR, `${d.def.name}.sql`), d.dump.sql)
    drafts.collections[d.def.name] = {
      type: d.def.type,
      table: tableName(d.def.name),
      checksum: d.dump.checksum,
      rows: d.rows.length,
      columns: d.columns,
      paths: d.rows.map((row) => String(row.path)),
    }
  }
  await writeFile(join(hidden, DRAFTS_MANIFEST), JSON.stringify(drafts))
  await writeFile(
    join(hidden, BUILD_REPORT),
    JSON.stringify({ id: buildId, timestamp, warnings: { total: out.warnings.length, brokenLinks: out.brokenLinks, shown: out.warnings.slice(0, MAX_REPORTED_WARNINGS) } }),
  )
  // Every warning when the build printed them grouped.
  if (out.warnings.length > WARNINGS_SHOWN) await writeFile(join(hidden, WARNINGS_FILE), warningsFile(out.warnings))
  else await rm(join(hidden, WARNINGS_FILE), { force: true })
  await writeFile(
    join(outDir, 'builds', 'meta', `${buildId}.json`),
    JSON.stringify({ id: buildId, timestamp, base: config.base, prerendered: out.prerendered, redirects: out.redirects, middleware: config.middleware }),
  )
}

/** At most this many warnings are kept in the report (the total is always there). */
const MAX_REPORTED_WARNINGS = 500

/**
 * Compression runs on libuv's thread pool (four threads), one job a file, as do file
 * writes. Two compressions at a time keep two cores busy and leave threads for the
 * thousands of small writes of a large site, which otherwise waited behind seconds of
 * compression.
 */
const compressing = slots(2)
const gzipBest: Compressor = (bytes) => compressing(() => gzipAsync(bytes, { level: gzipLevel(bytes.length) }))
const gzip1: Compressor = (bytes) => compressing(() => gzipAsync(bytes, { level: 1 }))
const brotli: Compressor = (bytes) =>
  compressing(() => brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(bytes.length), [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }))

/**
 * Gzip level by size: on a large docs dump level 9 saves a fraction of a percent over
 * level 6 and takes a fifth longer, so large files get 6.
 */
function gzipLevel(bytes: number): number {
  return bytes <= 4 * 1024 * 1024 ? 9 : 6
}

/**
 * Brotli quality by size. On a large docs dump quality 11 takes some twenty times as
 * long as 9 for about a tenth less, and 7 half the time of 9 for a tenth more. Small
 * files get the best compression; large ones must not stall the build.
 */
function brotliQuality(bytes: number): number {
  if (bytes <= 256 * 1024) return 11
  return bytes <= 4 * 1024 * 1024 ? 9 : 7
}

/** `/` -> `dist/_payload.json`, `/docs/4.x/x` -> `dist/docs/4.x/x/_payload.json`. */
export function payloadFile(outDir: string, path: string): string {
  return join(outDir, ...path.split('/').filter(Boolean), '_payload.json')
}

/**
 * A collection's JSON file (search sections, navigation) with its compressed siblings:
 * the search index of a large docs version is megabytes, and the server would
 * otherwise brotli it on request at a quicker, larger setting.
 */
async function writeJson(dir: string, name: string, data: unknown, base: string, compress: Compression) {
  const text = Buffer.from(JSON.stringify(data))
  const checksum = hash(text)
  const [gz, br] = await Promise.all([compress.gzip(text), compress.brotli?.(text)])
  await writeFile(join(dir, name), text)
  await writeFile(join(dir, `${name}.gz`), gz)
  await (br ? writeFile(join(dir, `${name}.br`), br) : rm(join(dir, `${name}.br`), { force: true }))
  return { path: `${base}/${name}?v=${checksum}`, checksum, raw: text.length, gzip: gz.length }
}

/**
 * A docs version's search index (src/contract/search-index.ts) in `search/` beside its
 * other files: its shards and chunks (search-files.ts, made while the build went on),
 * and the head, compressed as the other JSON files are, naming them, and the language
 * its words were read in, for the browser to read queries alike. Resolves to the head's
 * path and checksum, and the bytes of all the files, raw and gzipped (the version's
 * download size).
 */
async function writeSearchIndex(dir: string, base: string, prepared: PreparedSearchFiles, compress: Compression, lang: string | undefined, kept?: SearchFilesKept) {
  const searchDir = join(dir, 'search')
  const files = await prepared.write({ dir: searchDir, ...(kept?.previous ? { previous: kept.previous } : {}) })
  for (const [name, file] of files.written) kept?.next.set(name, file)
  // One checksum over them all in every name: the head lists hundreds of names, and as many distinct checksums would weigh a tenth of it.
  const version = hash([...files.shards, ...files.chunks].map((file) => file.checksum).join())
  const indexLang = headLang(lang)
  const head: SearchHead = {
    ...files.head,
    ...(indexLang ? { lang: indexLang } : {}),
    shards: files.head.shards.map((shard, i) => ({ start: shard.start, file: `t${i}.json?v=${version}` })),
    chunks: files.head.chunks.map((chunk, i) => ({ start: chunk.start, file: `c${i}.json?v=${version}` })),
  }
  const written = await writeJson(searchDir, 'head.json', head, `${base}/search`, compress)
  const all = [written, ...files.shards, ...files.chunks]
  return { path: written.path, checksum: written.checksum, raw: sum(all.map((f) => f.raw)), gzip: written.gzip + files.gzip }
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

/** The dev server's record of a collection's search files written, by name: the last rebuild's, and this one's as it writes. */
interface SearchFilesKept {
  previous: ReadonlyMap<string, SearchFileKept> | undefined
  next: Map<string, SearchFileKept>
}

/** The last build's meta file in this folder and the routes it listed (undefined when there is none). */
async function previousMeta(outDir: string): Promise<{ file: string; prerendered: string[] } | undefined> {
  try {
    const latest: unknown = JSON.parse(await readFile(join(outDir, 'builds', 'latest.json'), 'utf8'))
    const id = typeof latest === 'object' && latest !== null && 'id' in latest ? String(latest.id) : undefined
    if (!id || !/^[a-f0-9]+$/.test(id)) return undefined
    const file = join(outDir, 'builds', 'meta', `${id}.json`)
    const meta: unknown = JSON.parse(await readFile(file, 'utf8'))
    const prerendered = typeof meta === 'object' && meta !== null && 'prerendered' in meta && Array.isArray(meta.prerendered) ? meta.prerendered : []
    return { file, prerendered: prerendered.filter((p: unknown): p is string => typeof p === 'string') }
  } catch {
    // No previous build in this folder.
    return undefined
  }
}

/** Payloads of pages that no longer exist must not linger in dist/ between content builds. */
async function removePreviousBuild(outDir: string) {
  const meta = await previousMeta(outDir)
  if (!meta) return
  await Promise.all(meta.prerendered.map((path) => rm(payloadFile(outDir, path), { force: true })))
  await rm(meta.file, { force: true })
}

/** The last build's meta file, when this process knows which payloads it wrote. */
async function removePreviousMeta(outDir: string) {
  const meta = await previousMeta(outDir)
  if (meta) await rm(meta.file, { force: true })
}
