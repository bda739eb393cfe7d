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

async function cachedDump(url: string, reload: boolean): Promise<string> {
  const cache = typeof caches === 'undefined' ? undefined : await caches.open(CACHE).catch(() => undefined)
  if (cache && !reload) {
    const hit = await cache.match(url)
    if (hit) return hit.text()
  }
  const res = await fetch(url, { cache: reload ? 'reload' : 'default' })
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`)
  const text = await res.text()
  if (cache) {
    // Only one version of a collection's dump is kept.
    const base = url.split('?')[0] ?? url
    for (const key of await cache.keys()) if (key.url.includes(base) && !key.url.endsWith(url)) await cache.delete(key)
    await cache.put(url, new Response(text, { headers: { 'Content-Type': 'text/plain' } }))
  }
  return text
}

async function load(name: string, entry: ManifestCollection): Promise<Database> {
  const SQL = await sqlJs()
  let lastError: unknown
  for (const reload of [false, true]) {
    const db = new SQL.Database()
    try {
      db.exec(await cachedDump(entry.dump, reload))
      const [info] = db.exec(`SELECT "checksum" FROM "_content_info" WHERE "id" = '${name.replaceAll("'", "''")}'`)
      if (info?.values[0]?.[0] !== entry.checksum) throw new Error('the dump is incomplete or from another build')
      return db
    } catch (error) {
      db.close()
      lastError = error
      if (typeof caches !== 'undefined') await caches.open(CACHE).then((c) => c.delete(entry.dump)).catch(() => undefined)
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError))
}

function database(name: string, entry: ManifestCollection): Promise<Database> {
  const key = `${name}@${entry.checksum}`
  let db = databases.get(key)
  if (!db) {
    db = load(name, entry)
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
      if (request.type === 'load') reply = { id: request.id, type: 'loaded', loadMs }
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
