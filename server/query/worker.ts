import { readlinkSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'

import initSqlJs, { type Database } from 'sql.js'

import { guardQuery, QueryRefused } from './guard'

/**
 * Runs endpoint queries against the collections' dumps, one in-memory SQLite database
 * per collection, loaded on first use. A statement is checked by the query guard here,
 * off the HTTP thread (parsing a 60 KB statement is work the event loop must not wait
 * on); the database is made read-only all the same.
 *
 * A worker runs one statement at a time. It says `ready` once sql.js is loaded, with
 * its thread's id where the system has one (Linux), and `running` when a statement has
 * passed the guard and its database is open: the runner's budget starts there, so a
 * dump loaded for the first time is not counted against the statement.
 *
 * On Linux the thread also lowers its own scheduling priority (`nice`): when the
 * cores are busy, the kernel runs the HTTP thread first, so query work never holds
 * up pages or other answers; and the runner reads the thread's CPU time from
 * /proc/self/task/<tid>/stat to charge each statement what it really used.
 */
export interface QueryRequest {
  id: number
  collection: string
  dumpFile: string
  checksum: string
  /** The collection's table and columns: the guard accepts only those. */
  table: string
  columns: readonly string[]
  sql: string
  maxRows: number
  /** The largest answer, in bytes of JSON. */
  maxBytes: number
}

export type QueryFailure = 'refused' | 'row-cap' | 'too-large' | 'failed'

/** What the runner gives each worker it starts. */
export interface QueryWorkerData {
  /** The thread's niceness (0 is the process's; 19 the lowest priority). */
  nice: number
}

/** The rows as JSON text, made here: the main thread sends it as it is, with no copy of objects between threads. */
export type QueryMessage =
  { type: 'ready'; tid?: number } | { type: 'running'; id: number } | { type: 'rows'; id: number; json: string } | { type: 'error'; id: number; error: string; code: QueryFailure }

/** This thread's id (Linux: /proc/thread-self names it), or undefined elsewhere. */
function threadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    return Number.isSafeInteger(tid) && tid > 0 ? tid : undefined
  } catch {
    return undefined
  }
}

const tid = threadId()
const { nice } = workerData as QueryWorkerData
if (tid !== undefined && parentPort) {
  try {
    setPriority(tid, nice)
  } catch {
    // Not allowed here: the thread keeps the process's priority.
  }
}

const SQL = await initSqlJs()
const databases = new Map<string, { checksum: string; db: Database }>()

async function database(request: QueryRequest): Promise<Database> {
  const loaded = databases.get(request.collection)
  if (loaded?.checksum === request.checksum) return loaded.db
  loaded?.db.close()
  databases.delete(request.collection)
  const db = new SQL.Database()
  db.exec(await readFile(request.dumpFile, 'utf8'))
  // Belt and braces: the guard only lets SELECT through, and the connection refuses writes.
  db.exec('PRAGMA query_only = 1')
  databases.set(request.collection, { checksum: request.checksum, db })
  return db
}

class Refusal extends Error {
  constructor(
    message: string,
    readonly code: QueryFailure,
  ) {
    super(message)
  }
}

function rowsJson(db: Database, sql: string, maxRows: number, maxBytes: number): string {
  const statement = db.prepare(sql)
  const rows: string[] = []
  // The brackets and commas of the array.
  let bytes = 2
  try {
    while (statement.step()) {
      if (rows.length === maxRows) throw new Refusal(`the result has more than ${maxRows} rows: add a limit`, 'row-cap')
      const row = JSON.stringify(statement.getAsObject())
      bytes += Buffer.byteLength(row) + 1
      if (bytes > maxBytes) throw new Refusal(`the result is larger than ${formatBytes(maxBytes)}: select fewer columns or add a limit`, 'too-large')
      rows.push(row)
    }
  } finally {
    statement.free()
  }
  return `[${rows.join(',')}]`
}

const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`)

const port = parentPort
if (port) {
  port.on('message', async (request: QueryRequest) => {
    let message: QueryMessage
    try {
      const sql = guardQuery(request.sql, { table: request.table, columns: request.columns })
      const db = await database(request)
      port.postMessage({ type: 'running', id: request.id } satisfies QueryMessage)
      message = { type: 'rows', id: request.id, json: rowsJson(db, sql, request.maxRows, request.maxBytes) }
    } catch (error) {
      const code: QueryFailure = error instanceof QueryRefused ? 'refused' : error instanceof Refusal ? error.code : 'failed'
      message = { type: 'error', id: request.id, error: error instanceof Error ? error.message : String(error), code }
    }
    port.postMessage(message)
  })
  port.postMessage({ type: 'ready', ...(tid === undefined ? {} : { tid }) } satisfies QueryMessage)
}
