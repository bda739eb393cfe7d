import { readFile } from 'node:fs/promises'
import { parentPort } from 'node:worker_threads'

import initSqlJs, { type Database } from 'sql.js'

/**
 * Runs endpoint queries against the collections' dumps, one in-memory SQLite
 * database per collection, loaded on first use. The statements arrive already
 * checked by the query guard; the database is made read-only all the same.
 */
export interface QueryRequest {
  id: number
  collection: string
  dumpFile: string
  checksum: string
  sql: string
  maxRows: number
}

/** The rows as JSON text, made here: the main thread sends it as it is, with no copy of objects between threads. */
export type QueryResponse = { id: number; json: string } | { id: number; error: string; code: 'row-cap' | 'failed' }

const SQL = await initSqlJs()
const databases = new Map<string, { checksum: string; db: Database }>()

async function database(request: QueryRequest): Promise<Database> {
  const loaded = databases.get(request.collection)
  if (loaded?.checksum === request.checksum) return loaded.db
  loaded?.db.close()
  const db = new SQL.Database()
  db.exec(await readFile(request.dumpFile, 'utf8'))
  // Belt and braces: the guard only lets SELECT through, and the connection refuses writes.
  db.exec('PRAGMA query_only = 1')
  databases.set(request.collection, { checksum: request.checksum, db })
  return db
}

parentPort?.on('message', async (request: QueryRequest) => {
  let response: QueryResponse
  try {
    const db = await database(request)
    const statement = db.prepare(request.sql)
    const rows: Record<string, unknown>[] = []
    try {
      while (statement.step()) {
        if (rows.length === request.maxRows) throw new RowCapError(request.maxRows)
        rows.push(statement.getAsObject())
      }
    } finally {
      statement.free()
    }
    response = { id: request.id, json: JSON.stringify(rows) }
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error), code: error instanceof RowCapError ? 'row-cap' : 'failed' }
  }
  parentPort?.postMessage(response)
})

class RowCapError extends Error {
  constructor(max: number) {
    super(`the result has more than ${max} rows: add a limit`)
  }
}
