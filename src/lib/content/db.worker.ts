/// <reference lib="webworker" />
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js'
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url'

import { CONTENT_CACHE } from '@/contract/offline'

import type { ManifestCollection } from './manifest'
import type { WorkerReply, WorkerRequest } from './worker-protocol'

/**
 * The in-browser database: one sql.js database per collection, loaded the first time
 * it is needed from the database file the build wrote (`db.sqlite`, opened as it is),
 * or from its SQL dump where the manifest names no file. What loaded is kept in Cache Storage by checksum
 * (as a SQLite image, which opens in milliseconds), so a second visit loads from disk
 * and a new build's checksum fetches afresh. A dump that does not load (cut off,
 * corrupt, or with the wrong checksum) is discarded and fetched once more; if that
 * fails too the collection is reported unavailable and the page falls back to the
 * query endpoint. All SQL runs here, never on the main thread.
 */
let sql: Promise<SqlJsStatic> | undefined
const databases = new Map<string, Promise<Database>>()

function sqlJs(): Promise<SqlJsStatic> {
  sql ??= initSqlJs({ locateFile: () => wasmUrl })
  return sql
}
// Compile the WebAssembly as soon as the worker starts, before the first dump arrives.
void sqlJs().catch(() => undefined)

/**
 * Cache Storage keeps, per collection, the SQLite image of the last dump that loaded,
 * under the dump's own URL (its ?v= is the checksum). Opening an image takes a few
 * milliseconds; executing the SQL text of a 1,000-page collection takes hundreds.
 */
async function cachedImage(url: string): Promise<Uint8Array | undefined> {
  const hit = await (await openCache())?.match(url)
  return hit ? new Uint8Array(await hit.arrayBuffer()) : undefined
}

/** The collection's database file when the build wrote one (opened as it is), else its SQL dump. */
async function download(entry: ManifestCollection, reload: boolean): Promise<Uint8Array> {
  const url = entry.image ?? entry.dump
  const res = await fetch(url, { cache: reload ? 'reload' : 'default', ...(entry.headers ? { headers: entry.headers } : {}) })
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`)
  return new Uint8Array(await res.arrayBuffer())
}

/** Keeps a database that loaded, as the only version of its collection. Off the critical path. */
async function storeImage(url: string, image: Uint8Array) {
  const cache = await openCache()
  if (!cache) return
  const base = url.split('?')[0] ?? url
  for (const key of await cache.keys()) if (key.url.includes(base) && !key.url.endsWith(url)) await cache.delete(key)
  await cache.put(url, new Response(new Blob([new Uint8Array(image)]), { headers: { 'Content-Type': 'application/vnd.sqlite3' } }))
}

function openCache(): Promise<Cache | undefined> {
  return typeof caches === 'undefined' ? Promise.resolve(undefined) : caches.open(CONTENT_CACHE).catch(() => undefined)
}

export interface LoadTimings {
  fetchMs: number
  execMs: number
}

/** What every SQLite database file starts with. */
const SQLITE_HEADER = 'SQLite format 3\0'
const isImage = (bytes: Uint8Array) => bytes.length >= 16 && String.fromCharCode(...bytes.subarray(0, 16)) === SQLITE_HEADER

/**
 * A collection's database from a downloaded file, the database file itself (opened as
 * it is) or the SQL dump (executed), checked against the manifest's checksum (closed
 * if it fails). Returns the database and its image, for the cache.
 */
function open(SQL: SqlJsStatic, name: string, entry: ManifestCollection, bytes: Uint8Array): { db: Database; image: () => Uint8Array } {
  const image = isImage(bytes)
  const db = image ? new SQL.Database(bytes) : new SQL.Database()
  try {
    if (!image) db.exec(new TextDecoder().decode(bytes))
    verify(db, name, entry)
    return { db, image: image ? () => bytes : () => db.export() }
  } catch (error) {
    db.close()
    throw error
  }
}

function verify(db: Database, name: string, entry: ManifestCollection) {
  const [info] = db.exec(`SELECT "checksum" FROM "_content_info" WHERE "id" = '${name.replaceAll("'", "''")}'`)
  if (info?.values[0]?.[0] !== entry.checksum) throw new Error('the database is incomplete or from another build')
}

async function load(name: string, entry: ManifestCollection, timings: LoadTimings): Promise<Database> {
  const started = performance.now()
  // A private dump (drafts) is neither read from nor written to the cache.
  const [SQL, image] = await Promise.all([sqlJs(), entry.private ? undefined : cachedImage(entry.dump).catch(() => undefined)])
  if (image) {
    try {
      const { db } = open(SQL, name, entry, image)
      timings.fetchMs = performance.now() - started
      return db
    } catch {
      await openCache().then((c) => c?.delete(entry.dump))
    }
  }

  let lastError: unknown
  for (const reload of [false, true]) {
    const fetchStart = performance.now()
    // The WebAssembly compile (started with the worker) and the download overlap.
    const [, bytes] = await Promise.all([sqlJs(), download(entry, reload)])
    timings.fetchMs = performance.now() - fetchStart
    try {
      const execStart = performance.now()
      const { db, image } = open(SQL, name, entry, bytes)
      timings.execMs = performance.now() - execStart
      // The snapshot waits for the next turn: the database is usable before it is stored.
      if (!entry.private) setTimeout(() => void storeImage(entry.dump, image()).catch(() => undefined), 0)
      return db
    } catch (error) {
      lastError = error
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError))
}

const timingsOf = new Map<string, LoadTimings>()

/**
 * A dump the page downloaded (for offline reading, with its own progress): opened,
 * made the collection's database, and kept in Cache Storage before this returns.
 */
async function store(name: string, entry: ManifestCollection, dump: Uint8Array) {
  const { db, image } = open(await sqlJs(), name, entry, dump)
  const key = `${name}@${entry.checksum}`
  const previous = databases.get(key)
  databases.set(key, Promise.resolve(db))
  if (previous) void previous.then((old) => old.close()).catch(() => undefined)
  await storeImage(entry.dump, image())
}

function database(name: string, entry: ManifestCollection): Promise<Database> {
  const key = `${name}@${entry.checksum}`
  let db = databases.get(key)
  if (!db) {
    const timings: LoadTimings = { fetchMs: 0, execMs: 0 }
    timingsOf.set(name, timings)
    db = load(name, entry, timings)
    databases.set(key, db)
    db.catch(() => databases.delete(key))
  }
  return db
}

/**
 * Rows go back as SQLite gives them: JSON columns stay strings, which cross to the
 * main thread as a copy, where a decoded body (thousands of small token arrays)
 * would be cloned node by node. The client decodes them, as it does endpoint rows.
 */
function run(db: Database, statement: string): Record<string, unknown>[] {
  const prepared = db.prepare(statement)
  const rows: Record<string, unknown>[] = []
  try {
    // The column names once, not once a row (as getAsObject asks for them).
    const columns = prepared.getColumnNames()
    while (prepared.step()) {
      const values = prepared.get()
      const row: Record<string, unknown> = {}
      for (let i = 0; i < columns.length; i++) row[columns[i] as string] = values[i]
      rows.push(row)
    }
  } finally {
    prepared.free()
  }
  return rows
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data
  let reply: WorkerReply
  if (request.type === 'ping') {
    reply = { id: request.id, type: 'pong' }
  } else {
    const started = performance.now()
    try {
      if (request.type === 'store') {
        await store(request.collection, request.entry, request.dump)
        reply = { id: request.id, type: 'stored' }
      } else {
        const db = await database(request.collection, request.entry)
        const loadMs = performance.now() - started
        if (request.type === 'load') reply = { id: request.id, type: 'loaded', loadMs, ...(timingsOf.get(request.collection) ?? { fetchMs: 0, execMs: 0 }) }
        else {
          const queryStart = performance.now()
          const rows = run(db, request.sql)
          reply = { id: request.id, type: 'rows', rows, queryMs: performance.now() - queryStart }
        }
      }
    } catch (error) {
      reply = { id: request.id, type: 'unavailable', reason: error instanceof Error ? error.message : String(error) }
    }
  }
  self.postMessage(reply)
}
