import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { type Client, createClient } from '@libsql/client'

import { migrations } from './migrations'

export interface DatabaseOptions {
  /** Where the embedded database file lives (`<dataDir>/fjord.db`). */
  dataDir: string
  /** FJORD_DATABASE_URL / FJORD_DATABASE_AUTH_TOKEN: a remote libSQL (sqld, Turso) instead of the file. */
  env?: Readonly<Record<string, string | undefined>>
}

/** How long a connection waits for another's write lock before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000

/** The database file's name in the data folder. */
export const DATABASE_FILE = 'fjord.db'

/**
 * The server's own data (newsletter subscribers, the mail queue) in libSQL: an embedded
 * file under the data folder by default, with no server to start, or a remote libSQL
 * database when FJORD_DATABASE_URL is set. The schema is brought up to date before
 * anything else runs.
 */
export async function openDatabase({ dataDir, env = process.env }: DatabaseOptions): Promise<Client> {
  const remote = env.FJORD_DATABASE_URL
  let client: Client
  if (remote) {
    client = createClient({ url: remote, authToken: env.FJORD_DATABASE_AUTH_TOKEN })
  } else {
    await mkdir(dataDir, { recursive: true })
    // The client keeps a pool of connections: what must hold for each of them is set
    // here (the busy timeout) or is SQLite's default for a new one (synchronous FULL:
    // a subscriber the API acknowledged survives a crash of the machine too).
    client = createClient({ url: pathToFileURL(join(dataDir, DATABASE_FILE)).href, timeout: BUSY_TIMEOUT_MS })
    // Write-ahead log, recorded in the file: readers never wait for the writer, and a
    // commit is one append.
    await client.execute('PRAGMA journal_mode = WAL')
  }
  await migrate(client)
  return client
}

/**
 * A second client on the embedded file, for counts that may lose their last moments in a
 * power cut (the rate limits): its commits are not synced to disk (synchronous NORMAL,
 * which in WAL mode still never corrupts the file), so counting a request costs no disk
 * flush, where a signup's commit must make one. Nothing durable goes through it. With a
 * remote database (FJORD_DATABASE_URL) there is none: the remote server decides, and
 * the counts go through the one client. Open it after openDatabase (which migrates).
 */
export async function openCounterDatabase({ dataDir, env = process.env }: DatabaseOptions): Promise<Client | undefined> {
  if (env.FJORD_DATABASE_URL) return undefined
  const client = createClient({ url: pathToFileURL(join(dataDir, DATABASE_FILE)).href, timeout: BUSY_TIMEOUT_MS })
  // Per connection: the client's calls are short and reuse one; a connection it opens
  // besides keeps SQLite's default (FULL), slower but no less safe.
  await client.execute('PRAGMA synchronous = NORMAL')
  return client
}

/**
 * Applies the migrations the database has not seen, in order, each in one transaction
 * with its version recorded, so a crash mid-way leaves the previous version intact.
 * Each is applied under the write lock and only if its version is still missing then:
 * servers starting together on one database apply it once, the others wait for it.
 */
export async function migrate(client: Client): Promise<number[]> {
  await client.execute('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)')
  const done = new Set((await client.execute('SELECT version FROM schema_migrations')).rows.map((row) => Number(row.version)))
  const applied: number[] = []
  for (const migration of migrations) {
    if (done.has(migration.version)) continue
    const tx = await client.transaction('write')
    try {
      const seen = await tx.execute({ sql: 'SELECT 1 FROM schema_migrations WHERE version = ?', args: [migration.version] })
      if (seen.rows.length) continue
      for (const statement of migration.statements) await tx.execute(statement)
      await tx.execute({ sql: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', args: [migration.version, migration.name, Date.now()] })
      await tx.commit()
      applied.push(migration.version)
    } finally {
      // Rolls back what was not committed (a failed statement, or a version found applied).
      tx.close()
    }
  }
  return applied
}
