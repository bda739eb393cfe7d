import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js'

import { withBase } from '../../src/contract/base'
import type { NavItem } from '../../src/contract/content/build-output'
import type { CollectionName } from '../../src/contract/content/collection-types'
import { decodeRow } from '../../src/contract/content/decode-row'
import { type CollectionQuery, createQuery } from '../../src/contract/content/query-builder'
import { type DocsEdition, docsEditions, versionNameOf } from '../../src/contract/locales'
import { PrebuiltIndex } from '../../src/contract/prebuilt-index'
import type { SiteConfig } from '../../src/contract/site-schema'
import type { BuiltSite } from '../site'

/** A tool's argument that cannot be answered: the message names the argument and says why. */
export class ArgumentProblem extends Error {
  override name = 'ArgumentProblem'
  constructor(argument: string, why: string) {
    super(`${argument}: ${why}`)
  }
}

let sqlJs: Promise<SqlJsStatic> | undefined
const sqlite = () => (sqlJs ??= initSqlJs())
const openDatabases = new Map<string, { checksum: string | undefined; db: Promise<Database> }>()

/**
 * What the MCP endpoint answers from: one build's outputs, the files the browser reads
 * (each collection's SQLite image, the docs' navigation trees and prebuilt search
 * indexes), opened on first use and kept for the build. A new build gets a new
 * SiteContent (the server makes its app again), so it is answered from at once.
 * Drafts are never in these files: the build writes them to the private folder only.
 */
export class SiteContent {
  private readonly trees = new Map<string, Promise<NavItem[]>>()
  private readonly indexes = new Map<string, Promise<PrebuiltIndex>>()
  private readonly facts = new Map<string, Promise<Map<string, { title: string; description?: string }>>>()
  /** The docs editions this build has: each version in each language it is written in. */
  readonly editions: readonly DocsEdition[]

  constructor(
    readonly site: BuiltSite,
    readonly config: SiteConfig,
    /** The site's public address (its origin; the base is added here). */
    private readonly publicUrl: URL,
  ) {
    this.editions = editionsBuilt(site, config)
  }

  /**
   * Starts opening what the first calls will need (the default docs' search index and
   * database), so an agent's first search after connecting waits less: called on every
   * request, it does anything only the first time.
   */
  warm(): void {
    const edition = this.editions[0]
    if (this.warmed || !edition) return
    this.warmed = true
    void this.searchIndex(edition).catch(() => undefined)
    void this.rows(edition.collection, 'SELECT 1').catch(() => undefined)
  }

  private warmed = false

  /** A site path's address for readers: `/docs/4.x/a` → `https://fjord.dev/docs/4.x/a`. */
  url(path: string): string {
    return new URL(withBase(this.site.base ?? '/', path), this.publicUrl).href
  }

  /**
   * The docs edition a `version` names (`4.x`, `v4`, `4`, the label, or the tag) in the
   * `locale` given (the default one when not): the default version when neither is given.
   */
  edition(version: string | undefined, locale: string | undefined): DocsEdition {
    const code = locale ?? this.config.locales[0]!.code
    const inLocale = this.editions.filter((e) => e.locale === code)
    if (!inLocale.length) {
      const codes = [...new Set(this.editions.map((e) => e.locale))]
      throw new ArgumentProblem('locale', `the docs are not written in "${code}"; they are in ${codes.map((c) => `"${c}"`).join(', ')}`)
    }
    if (version === undefined) return inLocale[0]!
    const asked = version.trim().toLowerCase()
    const found = inLocale.find((e) =>
      [versionNameOf(e.path), e.shortTag, e.shortTag.slice(1), e.label, e.tag, e.path].some((name) => name.toLowerCase() === asked || name.toLowerCase() === `v${asked}`),
    )
    if (!found) throw new ArgumentProblem('version', `no docs version "${version}"; the versions are ${inLocale.map((e) => `"${versionNameOf(e.path)}"`).join(', ')}`)
    return found
  }

  /** The edition a site path is in (the longest edition path it starts with), if any. */
  editionOf(path: string): DocsEdition | undefined {
    return this.editions.filter((e) => path === e.path || path.startsWith(`${e.path}/`)).sort((a, b) => b.path.length - a.path.length)[0]
  }

  /** A query on a collection of this build, run here on its SQLite image; rows come back as the app reads them. */
  query<Name extends CollectionName>(name: Name): CollectionQuery<Name> {
    return createQuery(name, (collection, sql) => this.rows(collection, sql))
  }

  /** The rows of a statement on a collection (docs editions included, whose names the query builder does not list), `?` bound to `params`. */
  async rows<T>(collection: string, sql: string, params: (string | number)[] = []): Promise<T[]> {
    const entry = this.site.manifest.collections[collection]
    if (!entry) throw new Error(`this build has no collection "${collection}"`)
    const db = await this.database(collection)
    const [result] = db.exec(sql, params)
    if (!result) return []
    return result.values.map((values) => decodeRow(Object.fromEntries(result.columns.map((column, i) => [column, values[i]])), entry.columns) as T)
  }

  /** A docs edition's sidebar tree. */
  navigation(edition: DocsEdition): Promise<NavItem[]> {
    return kept(this.trees, edition.collection, async () => {
      const path = this.site.manifest.collections[edition.collection]?.navigation?.path
      return path ? (JSON.parse(await readFile(this.file(path), 'utf8')) as NavItem[]) : []
    })
  }

  /** A docs edition's pages' titles and descriptions by path, read once. */
  pageFacts(edition: DocsEdition): Promise<Map<string, { title: string; description?: string }>> {
    return kept(this.facts, edition.collection, async () => {
      const rows = await this.rows<{ path: string; title: string; description?: string }>(
        edition.collection,
        `SELECT path, title, description FROM "_content_${edition.collection}" ORDER BY path`,
      )
      return new Map(rows.map(({ path, ...facts }) => [path, facts]))
    })
  }

  /** A docs edition's prebuilt search index, the palette's own, read from the build's files. */
  searchIndex(edition: DocsEdition): Promise<PrebuiltIndex> {
    return kept(this.indexes, edition.collection, async () => {
      const path = this.site.manifest.collections[edition.collection]?.searchIndex?.path
      if (!path) throw new Error(`the docs ${edition.path} have no search index in this build`)
      const index = await PrebuiltIndex.open(pathToFileURL(this.file(path)).href, async (url) => JSON.parse(await readFile(fileURLToPath(url.replace(/\?.*$/, '')), 'utf8')))
      // Every query of every agent is answered from this one index: all of it is read now.
      return index.loadAll()
    })
  }

  /**
   * A collection's database, one per collection of a dist folder for the whole process:
   * opening another build's (another checksum) closes the one before, whose memory
   * (WebAssembly's) no garbage collector would give back.
   */
  private database(collection: string): Promise<Database> {
    const entry = this.site.manifest.collections[collection]
    const key = `${this.site.distDir}\0${collection}`
    const open = openDatabases.get(key)
    if (open && open.checksum === entry?.checksum) return open.db
    void open?.db.then(
      (db) => db.close(),
      () => undefined,
    )
    const db = (async () => {
      const bytes = await readFile(entry?.image ? this.file(entry.image) : join(this.site.distDir, '__content', collection, 'db.sqlite'))
      return new (await sqlite()).Database(bytes)
    })()
    db.catch(() => openDatabases.delete(key))
    openDatabases.set(key, { checksum: entry?.checksum, db })
    return db
  }

  /** A build file by the site path the manifest gives it (its `?v=` left out). */
  private file(path: string): string {
    return join(this.site.distDir, path.replace(/\?.*$/, ''))
  }
}

/**
 * The docs editions a build holds: those the config names (in its order), then any other
 * the build made, such as the languages a VitePress tree's own config declares (the
 * content build reads them; the server's config may not know them): a docs collection
 * at `/<code>/docs/<version>`, the translation of that version into `<code>`.
 */
function editionsBuilt(site: BuiltSite, config: SiteConfig): DocsEdition[] {
  const built = Object.entries(site.manifest.collections)
  const named = docsEditions(config).filter((edition) => Object.hasOwn(site.manifest.collections, edition.collection))
  const others = built.flatMap(([collection, entry]): DocsEdition[] => {
    const [, code, original] = /^\/([^/]+)(\/docs\/[^/]+)$/.exec(entry.prefix ?? '') ?? []
    const version = config.docs.versions.find((v) => v.path === original)
    if (!code || !version || named.some((e) => e.collection === collection)) return []
    return [{ ...version, path: entry.prefix ?? '', collection, locale: code, original: version.path }]
  })
  return [...named, ...others]
}

/** `make()`'s promise, kept under `key`; a failure is not kept, so the next call tries again. */
function kept<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let value = cache.get(key)
  if (!value) {
    value = make()
    value.catch(() => cache.delete(key))
    cache.set(key, value)
  }
  return value
}
