/// <reference lib="webworker" />
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js'
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url'

import { decodeRow } from './decode'
import type { ManifestCollection } from './manifest'
import type { WorkerReply, WorkerRequest } from './worker-protocol'

/**
 * The in-browser database: one sql.js database per collection, loaded from its dump
 * the first time it is needed. Dumps are kept in Cache Storage by checksum, so a
 * second visit loads from disk and a new build's checksum fetches afresh. A dump
 * that does not load (cut off, corrupt, or with the wrong checksum) is discarded and
 * fetched once more; if that fails too the collection is reported unavailable and
 * the page falls back to the query endpoint. All SQL runs here, never on the main
 * thread.
 */
const CACHE = 'fjord-content-v1'
let sql: Promise<SqlJsStatic> | undefined
const databases = new Map<string, Promise<Database>>()

function sqlJs(): Promise<SqlJsStatic> {
  sql ??= initSqlJs({ locateFile: () => wasmUrl })
  return sql
}
// Compile the WebAssembly as soon as the worker starts, before the first dump arrives.
void sqlJs().catch(() => undefined)

/** A dump from Cache Storage when this checksum was loaded before, else from the network. */
async function readDump(url: string, reload: boolean): Promise<{ text: string; cached: boolean }> {
  const cache = await openCache()
  if (cache && !reload) {
    const hit = await cache.match(url)
    if (hit) return { text: await hit.text(), cached: true }
  }
  const res = await fetch(url, { cache: reload ? 'reload' : 'default' })
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`)
  return { text: await res.text(), cached: false }
}

/** Keeps a dump that loaded, as the only version of its collection. Off the critical path. */
async function storeDump(url: string, text: string) {
  const cache = await openCache()
  if (!cache) return
  const base = url.split('?')[0] ?? url
  for (const key of await cache.keys()) if (key.url.includes(base) && !key.url.endsWith(url)) await cache.delete(key)
  await cache.put(url, new Response(text, { headers: { 'Content-Type': 'text/plain' } }))
}

function openCache(): Promise<Cache | undefined> {
  return typeof caches === 'undefined' ? Promise.resolve(undefined) : caches.open(CACHE).catch(() => undefined)
}

export interface LoadTimings {
  fetchMs: number
  execMs: number
}

async function load(name: string, entry: ManifestCollection, timings: LoadTimings): Promise<Database> {
  let lastError: unknown
  for (const reload of [false, true]) {
    const started = performance.now()
    // The WebAssembly compile (started with the worker) and the download overlap.
    const [SQL, dump] = await Promise.all([sqlJs(), readDump(entry.dump, reload)])
    timings.fetchMs = performance.now() - started
    const db = new SQL.Database()
    try {
      const execStart = performance.now()
      db.exec(dump.text)
      const [info] = db.exec(`SELECT "checksum" FROM "_content_info" WHERE "id" = '${name.replaceAll("'", "''")}'`)
      if (info?.values[0]?.[0] !== entry.checksum) throw new Error('the dump is incomplete or from another build')
      timings.execMs = performance.now() - execStart
      if (!dump.cached) void storeDump(entry.dump, dump.text).catch(() => undefined)
      return db
    } catch (error) {
      db.close()
      lastError = error
      await openCache().then((c) => c?.delete(entry.dump))
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError))
}

const timingsOf = new Map<string, LoadTimings>()

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

function run(db: Database, statement: string, columns: ManifestCollection['columns']): Record<string, unknown>[] {
  const prepared = db.prepare(statement)
  const rows: Record<string, unknown>[] = []
  try {
    while (prepared.step()) rows.push(decodeRow(prepared.getAsObject(), columns))
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
      const db = await database(request.collection, request.entry)
      const loadMs = performance.now() - started
      if (request.type === 'load') reply = { id: request.id, type: 'loaded', loadMs, ...(timingsOf.get(request.collection) ?? { fetchMs: 0, execMs: 0 }) }
      else {
        const queryStart = performance.now()
        const rows = run(db, request.sql, request.entry.columns)
        reply = { id: request.id, type: 'rows', rows, queryMs: performance.now() - queryStart }
      }
    } catch (error) {
      reply = { id: request.id, type: 'unavailable', reason: error instanceof Error ? error.message : String(error) }
    }
  }
  self.postMessage(reply)
}
