import { existsSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'

import { apiModuleSchema, type ModulesResponse, type SiteStats } from '../src/contract/api-schemas'
import { isRecord } from '../src/contract/is-record'
import { docsEditions } from '../src/contract/locales'
import { paths } from '../src/contract/paths'
import type { SiteConfig } from '../src/contract/site-schema'
import type { BuildCacheOptions } from './cache'
import { compileFiles } from './collections/compile'
import { type CollectionDefinition, defineCollections } from './collections/definitions'
import type { Row } from './collections/entry'
import { lastUpdated } from './collections/last-updated'
import { deadLinks } from './collections/link-sources'
import { moduleDirectoryOrder, translatedBlogListings } from './collections/listings'
import type { NavItem } from './collections/navigation'
import { treePublicDir } from './collections/public-dirs'
import { appPagesOf, blogSurrounds, docsStructure, type RoutePayload, routePayloads, type Surround } from './collections/routes'
import type { SearchSection } from './collections/sections'
import { checkUniquePaths, type CollectionEntries, resolveModules } from './collections/site-rules'
import { moduleThumbnails } from './collections/thumbnails'
import { ContentBuildError, type ContentIssue } from './errors'
import { literalPathFromFile } from './formats/paths'
import { readVitepressTrees, vitepressSidebars } from './formats/vitepress-tree'
import { hash } from './outputs/checksum'
import { type Column, columnsOf, createDump, type Dump } from './outputs/dump'
import { type PreparedSearchFiles, prepareSearchFiles } from './outputs/search-files-thread'

export type { RoutePayload, SurroundItem } from './collections/routes'

/** Bump when the build's output format changes, so caches keyed on content alone are refreshed. */
export const CONTENT_BUILD_VERSION = 2

export interface BuildOptions {
  root: string
  config: SiteConfig
  env?: Record<string, string | undefined>
  /** Worker threads; default: automatic (none for small builds). */
  workers?: number
  /** Keep `draft: true` posts (preview builds). */
  drafts?: boolean
  /**
   * Dead internal links fail the build by default; 'warn' reports them and goes on,
   * for a first build of a docs tree written for another site.
   */
  brokenLinks?: 'error' | 'warn'
  /**
   * The same for docs trees imported from another checkout (a version's folder set by
   * environment variable): 'warn' by default, so the first build of a real tree never
   * fails on links to pages that live outside it.
   */
  importedBrokenLinks?: 'error' | 'warn'
  /** Folder for per-file results kept between builds; no cache when absent. */
  cache?: BuildCacheOptions
  log?: (message: string) => void
}

export interface CollectionOutput {
  def: CollectionDefinition
  columns: Column[]
  rows: Row[]
  dump: { sql: string; checksum: string }
  sections?: SearchSection[]
  /** A docs version's prebuilt search index, made from its sections while the rest of the build goes on. */
  searchFiles?: PreparedSearchFiles
  navigation?: NavItem[]
  /** The site's images its pages show, with their bytes (for offline downloads). */
  images?: { path: string; bytes: number }[]
}

export interface BuildOutput {
  collections: CollectionOutput[]
  /** Every route with a payload: content pages, listings and module pages. */
  pages: RoutePayload[]
  redirects: Record<string, string>
  prerendered: string[]
  warnings: ContentIssue[]
  /** Dead links and anchors found (errors or warnings, as the settings say). */
  brokenLinks: number
  /** Hash of every collection checksum and the format version: same content, same id. */
  contentHash: string
  /** What the built-in product API answers to `GET {api}/stats`. */
  stats: SiteStats
  /** What it answers to `GET {api}/modules`. */
  modules: ModulesResponse
  /**
   * Draft pages (`draft: true`), per collection that has any: a dump of their own that
   * only preview mode loads, through the preview API. Empty with `drafts` (they are
   * then in the public dumps).
   */
  drafts: DraftsOutput[]
  /** Other files to write, by path under the output folder (module thumbnails, thumbnails.ts). */
  files: Map<string, Uint8Array>
  /** Static folders of docs trees (their `public/`), copied beside the site's own files without replacing any. */
  publicDirs: string[]
}

export interface DraftsOutput {
  def: CollectionDefinition
  columns: Column[]
  rows: Row[]
  dump: Dump
}

export type { SiteStats }

export function siteStats(config: SiteConfig, modules: readonly Row[]): SiteStats {
  const maintainers = new Set<string>()
  for (const row of modules) {
    for (const m of Array.isArray(row.maintainers) ? row.maintainers : []) {
      if (isRecord(m) && typeof m.github === 'string') maintainers.add(m.github.toLowerCase())
    }
  }
  return {
    version: config.docs.versions[0]?.tag ?? '0.0.0',
    stars: config.stats.stars,
    modules: modules.length,
    maintainers: maintainers.size,
    contributors: config.stats.contributors,
  }
}

/**
 * Reads, validates and compiles every collection. Throws a ContentBuildError listing
 * every problem (file, line, field) when content is invalid; nothing is written then.
 */
export async function buildContent(options: BuildOptions): Promise<BuildOutput> {
  const { root, config, log = () => {} } = options
  const started = performance.now()
  const vitepress = await readVitepressTrees(defineCollections(config, { env: options.env ?? process.env }), root)
  const { defs } = vitepress
  const editions = docsEditions(config)
  const docsVersionPaths = editions.map((v) => v.path)
  const compiled = await compileFiles(defs, {
    root,
    ctx: { docsVersionPaths, components: Object.keys(config.content.components) },
    log,
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    ...(options.cache ? { cache: options.cache } : {}),
  })
  const { grouped, drafts, errors, warnings } = groupResults(defs, compiled, options.drafts === true)
  // Each docs version's search index, begun now that its sections are known: it is made while the rest of the build goes on.
  const searchFiles = new Map<string, PreparedSearchFiles>()
  for (const { def, entries } of grouped) {
    if (!def.search || def.docsVersionPath === undefined) continue
    const source = { name: def.name, sections: entries.flatMap((e) => e.result.sections), ...(def.lang ? { lang: def.lang } : {}) }
    searchFiles.set(def.name, prepareSearchFiles(source, { keep: options.cache?.keep === true }))
  }
  warnings.unshift(...vitepress.warnings)
  await addLastUpdated(grouped, root)

  const unique = checkUniquePaths(grouped)
  const moduleEntries = grouped.find((c) => c.def.name === 'modules')?.entries ?? []
  const modules = resolveModules(moduleEntries, config)
  errors.push(...unique.errors, ...modules.errors)
  const thumbnails = await moduleThumbnails(moduleEntries, resolve(root, 'public'), options.cache ? join(options.cache.dir, 'thumbnails') : undefined)
  warnings.push(...thumbnails.warnings)

  const sidebars = vitepressSidebars(grouped, vitepress.configs, docsVersionPaths, warnings, root)
  const { collections, redirects, surrounds } = collectionOutputs(grouped, compiled.folders, sidebars, config.redirects, searchFiles)
  addFileNameRedirects(grouped, redirects, unique.owners)
  const [firstVersion] = config.docs.versions
  if (firstVersion && !unique.owners.has('/docs')) redirects['/docs'] = redirects[firstVersion.path] ?? firstVersion.path
  // A locale's /es/docs is its first translated version, as /docs is the first version.
  for (const locale of config.locales.slice(1)) {
    const first = editions.find((v) => v.locale === locale.code)
    const docsPath = `/${locale.code}/docs`
    if (first && !unique.owners.has(docsPath)) redirects[docsPath] = redirects[first.path] ?? first.path
  }

  // Dead links, now that every page, route, redirect and static file is known.
  // The routes the server answers: a route drawn from a page of its own (the jobs) counts only as that page.
  const appRoutes = appPagesOf(config.sections)
  const routes = [...appRoutes, ...modules.names.map((name) => paths.module(name)), ...compiled.results.flatMap((r) => (r.failedPath ? [r.failedPath] : []))]
  const treePublic = treePublicDirs(defs, root)
  const publicDirs = [resolve(root, 'public'), ...treePublic]
  const links = deadLinks(defs, grouped, config, { routes, redirects, publicDirs })
  ;(options.brokenLinks === 'warn' ? warnings : errors).push(...links.own)
  ;((options.importedBrokenLinks ?? 'warn') === 'warn' ? warnings : errors).push(...links.imported)
  warnings.push(...links.serverOnly)
  if (errors.length) {
    // The search indexes begun with the collections are given up with the build.
    for (const prepared of searchFiles.values()) prepared.cancel()
    throw new ContentBuildError(errors)
  }
  addRetinaImages(grouped, publicDirs)
  grouped.forEach(({ def, entries }, i) => {
    const collection = collections[i]
    if (collection && def.navigation) collection.images = bodyImages(entries, publicDirs)
  })

  const pages = routePayloads(grouped, surrounds, config.sections, translatedBlogListings(config))
  const prerendered = [...new Set([...appPagesOf(config.sections).filter((r) => !r.startsWith(paths.admin())), ...pages.map((p) => p.path)])].sort()
  const contentHash = hash(`${CONTENT_BUILD_VERSION}:${collections.map((c) => `${c.def.name}=${c.dump.checksum}`).join(',')}`)
  log(`Compiled ${compiled.tasks.length} files in ${((performance.now() - started) / 1000).toFixed(2)} s`)
  const { stats, modulesResponse } = apiFigures(config, collections)
  const brokenLinks = links.own.length + links.imported.length
  return {
    collections,
    pages,
    redirects,
    prerendered,
    warnings,
    brokenLinks,
    contentHash,
    stats,
    modules: modulesResponse,
    drafts,
    files: thumbnails.files,
    publicDirs: treePublic,
  }
}

type Compiled = Awaited<ReturnType<typeof compileFiles>>

/**
 * The compiled files grouped per collection, with their errors and warnings; drafts
 * left out of production builds (and dumped apart, for the preview API). Rows are
 * copied: later steps set fields on them, and results may live on in the cache.
 */
function groupResults(defs: CollectionDefinition[], compiled: Compiled, keepDrafts: boolean) {
  const errors: ContentIssue[] = [...compiled.errors]
  const warnings: ContentIssue[] = []
  const grouped: CollectionEntries[] = defs.map((def) => ({ def, entries: [] }))
  const draftRows = defs.map((): Row[] => [])
  for (const [i, result] of compiled.results.entries()) {
    const task = compiled.tasks[i]
    const group = task && grouped[task.def]
    if (!group || !task) continue
    errors.push(...result.errors)
    warnings.push(...result.warnings)
    if (!result.row) continue
    if (result.row.draft === true && !keepDrafts) {
      draftRows[task.def]?.push({ ...result.row, position: draftRows[task.def]?.length ?? 0 })
      continue
    }
    group.entries.push({ task, result, row: { ...result.row, position: group.entries.length } })
  }
  const drafts: DraftsOutput[] = defs.flatMap((def, i) => {
    const rows = draftRows[i] ?? []
    if (!rows.length) return []
    const columns = columnsOf(def)
    return [{ def, columns, rows, dump: createDump(def, columns, rows) }]
  })
  return { grouped, drafts, errors, warnings }
}

/** When each page last changed, for "last updated" (one git log per folder). */
async function addLastUpdated(grouped: readonly CollectionEntries[], root: string) {
  await Promise.all(
    grouped
      .filter(({ def, entries }) => def.type === 'page' && entries.length)
      .map(async ({ def, entries }) => {
        // By the file as it lies (a VitePress tree's `rel` is where its rewrites put it).
        const dir = resolve(root, def.dir)
        const real = (abs: string) => relative(dir, abs).split(sep).join('/')
        const dates = await lastUpdated(
          dir,
          entries.map((e) => real(e.task.file.abs)),
        )
        for (const entry of entries) entry.row.modifiedAt = dates.get(real(entry.task.file.abs)) ?? null
      }),
  )
}

/** Per collection: its navigation, redirects and previous/next pages, then its dump. */
function collectionOutputs(
  grouped: readonly CollectionEntries[],
  folders: Compiled['folders'],
  sidebars: ReadonlyMap<string, NavItem[]>,
  configRedirects: Readonly<Record<string, string>>,
  /** Each docs version's search index, begun, by collection name. */
  searchFiles: ReadonlyMap<string, PreparedSearchFiles>,
) {
  const redirects: Record<string, string> = { ...configRedirects }
  const surrounds = new Map<string, Surround>()
  const collections: CollectionOutput[] = grouped.map(({ def, entries }, i) => {
    const rows = entries.map((e) => e.row)
    let navigation: NavItem[] | undefined
    if (def.navigation) {
      const docs = docsStructure(rows, folders[i] ?? new Map(), def.prefix, sidebars.get(def.name))
      navigation = docs.navigation
      Object.assign(redirects, docs.redirects)
      for (const [path, surround] of docs.surrounds) surrounds.set(path, surround)
    } else if (def.schema === 'blog') {
      for (const [path, surround] of blogSurrounds(rows)) surrounds.set(path, surround)
    }
    const columns = columnsOf(def)
    const prepared = searchFiles.get(def.name)
    return {
      def,
      columns,
      rows,
      dump: createDump(def, columns, rows),
      ...(def.search ? { sections: entries.flatMap((e) => e.result.sections) } : {}),
      ...(prepared ? { searchFiles: prepared } : {}),
      ...(navigation ? { navigation } : {}),
    }
  })
  return { collections, redirects, surrounds }
}

/** A page whose file name slugs differently (`$fetch.md` -> `dollarfetch`) is also reachable by the name as written. */
function addFileNameRedirects(grouped: readonly CollectionEntries[], redirects: Record<string, string>, owners: ReadonlyMap<string, unknown>) {
  for (const { def, entries } of grouped) {
    if (def.type !== 'page' || !def.routes) continue
    for (const { task, row } of entries) {
      const literal = literalPathFromFile(task.file.rel, def.prefix, { folderPage: task.file.folderPage })
      if (literal && !owners.has(literal) && !(literal in redirects)) redirects[literal] = String(row.path)
    }
  }
}

/**
 * The static folders docs trees bring with them (a VitePress tree's `public/`, a Nuxt
 * project's), served beside the site's own: their pages link to those files from the root.
 */
function treePublicDirs(defs: readonly CollectionDefinition[], root: string): string[] {
  const dirs = defs.flatMap((def) => {
    if (!def.docsVersionPath) return []
    const dir = resolve(root, def.dir)
    const found = treePublicDir(def.vitepress ? resolve(dir, def.vitepress.srcDir) : dir, Boolean(def.vitepress))
    return found && found !== resolve(root, 'public') ? [found] : []
  })
  return [...new Set(dirs)]
}

/** What `/api/stats` and `/api/modules` serve: the release and ecosystem figures, and every module. */
function apiFigures(config: SiteConfig, collections: readonly CollectionOutput[]) {
  const moduleRows = collections.find((c) => c.def.name === 'modules')?.rows ?? []
  const stats = siteStats(config, moduleRows)
  const modulesResponse: ModulesResponse = {
    modules: [...moduleRows].sort(moduleDirectoryOrder).map((row) => apiModuleSchema.parse(row)),
    stats: { maintainers: stats.maintainers, contributors: stats.contributors, modules: stats.modules },
  }
  return { stats, modulesResponse }
}

/**
 * The site's own images a collection's pages show, as files of public/ with their sizes:
 * each body image under `/` and its `@2x` pair (from `addRetinaImages`). A docs version
 * downloaded for offline reading keeps them, and its size shown before includes them.
 */
function bodyImages(entries: CollectionEntries['entries'], publicDirs: readonly string[]): { path: string; bytes: number }[] {
  const found = new Map<string, number>()
  for (const entry of entries) {
    const retina = isRecord(entry.row.body) && isRecord(entry.row.body.images) ? Object.values(entry.row.body.images) : []
    const urls = [...entry.result.links.filter((link) => link.kind === 'image').map((link) => link.url), ...retina.filter((url): url is string => typeof url === 'string')]
    for (const url of urls) {
      const path = url.split(/[?#]/)[0] ?? url
      if (!path.startsWith('/') || path.startsWith('//') || found.has(path)) continue
      const file = publicDirs.map((dir) => join(dir, path)).find((candidate) => existsSync(candidate))
      if (file) found.set(path, statSync(file).size)
    }
  }
  return [...found].sort(([a], [b]) => a.localeCompare(b)).map(([path, bytes]) => ({ path, bytes }))
}

/**
 * Images at densities 1 and 2: a body image `/img/a.png` with `/img/a@2x.png` beside it
 * in public/ gets the pair recorded in `body.images`, which the renderer turns into a
 * srcset. (Bodies are copied: cached results are shared.)
 */
function addRetinaImages(collections: readonly CollectionEntries[], publicDirs: readonly string[]) {
  for (const { entries } of collections) {
    for (const entry of entries) {
      const body = entry.row.body
      if (!isRecord(body)) continue
      const images: Record<string, string> = {}
      for (const link of entry.result.links) {
        if (link.kind !== 'image' || !link.url.startsWith('/')) continue
        const path = link.url.split(/[?#]/)[0] ?? link.url
        const retina = path.replace(/(\.[a-z0-9]+)$/i, '@2x$1')
        if (retina !== path && publicDirs.some((dir) => existsSync(join(dir, retina)))) images[link.url] = retina
      }
      if (Object.keys(images).length) entry.row.body = { ...body, images }
    }
  }
}
