import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'

import { appRoutes, paths } from '../src/config/paths'
import type { SiteConfig } from '../src/config/site-schema'
import { EntryCache } from './cache'
import { mapLimit } from './concurrency'
import { defineCollections, type CollectionDefinition } from './collections'
import { discover } from './discover'
import { columnsOf, createDump, hash, type Column } from './dump'
import type { EntryResult, Row, SourceFile } from './entry'
import { ContentBuildError, type ContentIssue } from './errors'
import { parseYaml } from './front-matter'
import { checkLinks, type LinkSource } from './link-check'
import { isExternal } from './markdown/links'
import { buildNavigation, flattenNavigation, folderNavigationSchema, folderRedirects, type FolderNavigation, type NavItem } from './navigation'
import { listings } from './listings'
import { processAll, type PoolTask } from './pool'
import type { SearchSection } from './sections'

/** Bump when the build's output format changes, so caches keyed on content alone are refreshed. */
export const CONTENT_BUILD_VERSION = 1

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
  /** Folder for per-file results kept between builds; no cache when absent. */
  cache?: { dir: string; salt: string }
  log?: (message: string) => void
}

export interface SurroundItem {
  title: string
  path: string
  description: string
}

export interface CollectionOutput {
  def: CollectionDefinition
  columns: Column[]
  rows: Row[]
  dump: { sql: string; checksum: string }
  sections?: SearchSection[]
  navigation?: NavItem[]
}

/** What a route's `_payload.json` holds: enough to render it without any dump. */
export interface RoutePayload {
  path: string
  /** Collection of `row`: the route's own page, a listing's header, or a module. */
  collection: string | null
  row: Row | null
  surround?: [SurroundItem | null, SurroundItem | null]
  /** Rows a listing route shows, by collection. */
  lists?: Record<string, Row[]>
}

export interface BuildOutput {
  collections: CollectionOutput[]
  /** Every route with a payload: content pages, listings and module pages. */
  pages: RoutePayload[]
  redirects: Record<string, string>
  prerendered: string[]
  warnings: ContentIssue[]
  /** Hash of every collection checksum and the format version: same content, same id. */
  contentHash: string
}

/**
 * Reads, validates and compiles every collection. Throws a ContentBuildError listing
 * every problem (file, line, field) when content is invalid; nothing is written then.
 */
export async function buildContent(options: BuildOptions): Promise<BuildOutput> {
  const { root, config, log = () => {} } = options
  const defs = defineCollections(config, { env: options.env ?? process.env })
  const errors: ContentIssue[] = []
  const warnings: ContentIssue[] = []
  const started = performance.now()

  // 1. Discover every source file.
  const discovered = await Promise.all(defs.map((def) => discover(def, root)))
  const tasks: PoolTask[] = []
  const folderFiles: Map<string, SourceFile>[] = []
  const files = discovered.flatMap((d, i) => {
    if ('message' in d) {
      errors.push(d)
      return []
    }
    folderFiles[i] = d.folders
    return d.files.map((file) => ({ def: i, file }))
  })
  if (errors.length) throw new ContentBuildError(errors)
  const texts = await mapLimit(files, 64, (f) => readFile(f.file.abs, 'utf8'))
  for (const [i, { def, file }] of files.entries()) tasks.push({ index: i, def, file, text: texts[i] ?? '' })

  // 2. Parse, validate, transform and highlight (in parallel for large trees), except
  //    what the cache already holds.
  const ctx = { docsVersionPaths: config.docs.versions.map((v) => v.path) }
  const cache = options.cache ? await EntryCache.open(options.cache.dir, options.cache.salt) : undefined
  const results: EntryResult[] = new Array(tasks.length)
  const keys: string[] = []
  const pending = tasks.filter((task) => {
    const def = defs[task.def]
    if (!cache || !def) return true
    keys[task.index] = cache.key(def, task.file.rel, task.text, ctx)
    const hit = cache.get(def.name, keys[task.index] ?? '')
    if (hit) results[task.index] = hit
    return !hit
  })
  log(`Reading ${tasks.length} files in ${defs.length} collections${cache ? ` (${cache.hits} unchanged)` : ''}`)
  // Progress every two seconds, so a long build is never silent.
  let lastReport = performance.now()
  const fresh = await processAll(defs, pending, ctx, {
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    onProgress: (done) => {
      if (performance.now() - lastReport < 2000) return
      lastReport = performance.now()
      log(`  ${done}/${pending.length} files (${((performance.now() - started) / 1000).toFixed(1)} s, ${mb(process.memoryUsage.rss())} MB)`)
    },
  })
  log(`Processed ${pending.length} files (${((performance.now() - started) / 1000).toFixed(1)} s, ${mb(process.memoryUsage.rss())} MB)`)
  for (const [i, task] of pending.entries()) {
    const result = fresh[i]
    if (!result) continue
    results[task.index] = result
    const def = defs[task.def]
    if (cache && def) cache.put(def.name, keys[task.index] ?? '', result)
  }
  await cache?.save()

  // 3. Group results per collection, dropping drafts outside preview builds.
  const perCollection = defs.map(() => [] as { task: PoolTask; result: EntryResult; row: Row }[])
  results.forEach((result, i) => {
    const task = tasks[i]
    if (!task) return
    errors.push(...result.errors)
    warnings.push(...result.warnings)
    if (!result.row) return
    if (result.row.draft === true && !options.drafts) return
    // A copy: the steps below set fields on rows, and results may live on in the cache.
    const row: Row = { ...result.row, position: perCollection[task.def]?.length ?? 0 }
    perCollection[task.def]?.push({ task, result, row })
  })

  // 4. Folder navigation files.
  const folderMeta = await Promise.all(
    defs.map(async (_, i) => {
      const meta = new Map<string, FolderNavigation>()
      for (const [dir, file] of folderFiles[i] ?? []) {
        const parsed = parseYaml(file.display, await readFile(file.abs, 'utf8'))
        if ('message' in parsed) {
          errors.push(parsed)
          continue
        }
        const result = folderNavigationSchema.safeParse(parsed.data)
        if (result.success) meta.set(dir, result.data)
        else for (const issue of result.error.issues) errors.push({ file: file.display, line: parsed.lineOf(issue.path), field: issue.path.join('.'), message: issue.message })
      }
      return meta
    }),
  )

  // 5. Whole-site rules: unique paths, unique module names, module icons.
  const pathOwners = new Map<string, string>()
  for (const [i, def] of defs.entries()) {
    if (def.type !== 'page') continue
    for (const { row, task } of perCollection[i] ?? []) {
      const path = String(row.path)
      const owner = pathOwners.get(path)
      if (owner) errors.push({ file: task.file.display, line: 1, field: 'path', message: `duplicate path ${path}: ${owner} already has it` })
      else pathOwners.set(path, task.file.display)
    }
  }
  const moduleIndex = defs.findIndex((d) => d.name === 'modules')
  const moduleNames = new Map<string, string>()
  for (const { row, task } of perCollection[moduleIndex] ?? []) {
    const name = String(row.name)
    const owner = moduleNames.get(name)
    if (owner) errors.push({ file: task.file.display, line: 1, field: 'name', message: `duplicate module name "${name}": ${owner} already has it` })
    moduleNames.set(name, task.file.display)
    const icon = String(row.icon)
    if (!isExternal(icon)) row.icon = config.modules.iconBaseUrl.replace(/\/?$/, '/') + icon.replace(/^\//, '')
  }

  // 6. Navigation trees, folder redirects and surroundings for docs versions.
  const collections: CollectionOutput[] = []
  const redirects: Record<string, string> = { ...config.redirects }
  const surrounds = new Map<string, [SurroundItem | null, SurroundItem | null]>()
  for (const [i, def] of defs.entries()) {
    const entries = perCollection[i] ?? []
    const rows = entries.map((e) => e.row)
    let navigation: NavItem[] | undefined
    if (def.navigation) {
      navigation = buildNavigation(
        rows.map((r) => ({ path: String(r.path), stem: r.stem, title: String(r.title), navigation: r.navigation })),
        folderMeta[i] ?? new Map(),
        def.prefix,
      )
      Object.assign(redirects, folderRedirects(navigation, def.prefix, new Set(rows.map((r) => String(r.path)))))
      const byPath = new Map(rows.map((r) => [String(r.path), r]))
      const order = flattenNavigation(navigation).map((item) => byPath.get(item.path)).filter((r) => r !== undefined)
      order.forEach((row, k) => surrounds.set(String(row.path), [surroundItem(order[k - 1]), surroundItem(order[k + 1])]))
    } else if (def.name === 'blog') {
      const order = [...rows].sort((a, b) => String(b.date).localeCompare(String(a.date)))
      order.forEach((row, k) => surrounds.set(String(row.path), [surroundItem(order[k - 1]), surroundItem(order[k + 1])]))
    }
    const columns = columnsOf(def)
    collections.push({
      def,
      columns,
      rows,
      dump: createDump(def, columns, rows),
      ...(def.search ? { sections: entries.flatMap((e) => e.result.sections) } : {}),
      ...(navigation ? { navigation } : {}),
    })
  }
  const [firstVersion] = config.docs.versions
  if (firstVersion && !pathOwners.has('/docs')) redirects['/docs'] = redirects[firstVersion.path] ?? firstVersion.path

  // 7. Dead links, now that every page, route and redirect is known.
  const routedPages = defs.flatMap((def, i) => (def.type === 'page' && def.routes ? (perCollection[i] ?? []) : []))
  const pages = new Map(routedPages.map(({ row, result }) => [String(row.path), new Set(result.anchors)]))
  const moduleRoutes = [...moduleNames.keys()].map((name) => paths.module(name))
  const routes = new Set([...appRoutes, ...moduleRoutes])
  const sources: LinkSource[] = defs.flatMap((def, i) =>
    (perCollection[i] ?? []).map(({ row, result, task }) => ({
      file: task.file.display,
      ...(def.type === 'page' ? { path: String(row.path) } : {}),
      links: result.links,
    })),
  )
  // The site config's own assets are checked like content images.
  sources.push({ file: 'site.config.ts', links: [{ url: config.brand.logo, line: 1, kind: 'image' }] })
  const linkIssues = checkLinks(sources, { pages, routes, redirects, publicDir: resolve(root, 'public') })
  ;(options.brokenLinks === 'warn' ? warnings : errors).push(...linkIssues)
  if (errors.length) throw new ContentBuildError(errors)

  const routedOutput: RoutePayload[] = defs.flatMap((def, i) =>
    def.type === 'page' && def.routes
      ? (perCollection[i] ?? []).map(({ row }) => {
          const surround = surrounds.get(String(row.path))
          return { path: String(row.path), collection: def.name, row, ...(surround ? { surround } : {}) }
        })
      : [],
  )
  const rowsOf = (name: string) => collections.find((c) => c.def.name === name)?.rows ?? []
  for (const listing of listings) {
    const rows = rowsOf(listing.collection).map((row) => omit(row, listing.omit ?? []))
    const own = routedOutput.find((p) => p.path === listing.path)
    if (own) own.lists = { [listing.collection]: rows }
    else routedOutput.push({ path: listing.path, collection: null, row: null, lists: { [listing.collection]: rows } })
  }
  for (const row of rowsOf('modules')) routedOutput.push({ path: paths.module(String(row.name)), collection: 'modules', row })
  const prerendered = [...new Set([...appRoutes.filter((r) => !r.startsWith(paths.admin())), ...routedOutput.map((p) => p.path)])].sort()
  const contentHash = hash(`${CONTENT_BUILD_VERSION}:${collections.map((c) => `${c.def.name}=${c.dump.checksum}`).join(',')}`)
  log(`Compiled ${tasks.length} files in ${((performance.now() - started) / 1000).toFixed(2)} s (${mb(process.memoryUsage.rss())} MB)`)
  return { collections, pages: routedOutput, redirects, prerendered, warnings, contentHash }
}

function omit(row: Row, fields: readonly string[]): Row {
  if (!fields.length) return row
  const copy: Row = { ...row }
  for (const field of fields) Reflect.deleteProperty(copy, field)
  return copy
}

function mb(bytes: number): number {
  return Math.round(bytes / 1024 / 1024)
}

function surroundItem(row: Row | undefined): SurroundItem | null {
  return row ? { title: String(row.title), path: String(row.path), description: String(row.description ?? '') } : null
}
