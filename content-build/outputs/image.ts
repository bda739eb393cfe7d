import initSqlJs, { type SqlJsStatic } from 'sql.js'

let sql: Promise<SqlJsStatic> | undefined

/**
 * Loads sql.js (compiling its WebAssembly takes a while). A build calls it as it starts,
 * so that this is done while the pages are processed on the workers.
 */
export function loadSqlJs(): Promise<SqlJsStatic> {
  sql ??= initSqlJs()
  return sql
}

/**
 * A collection's dump as a SQLite database file: the dump executed by the same sql.js
 * the browser runs, exported. The browser opens it as it is, where the SQL text has to
 * be executed statement by statement (a 1,000-page collection: hundreds of
 * milliseconds). Same rows, same checksum row, so the same checks apply.
 *
 * It is not compacted (VACUUM): a database filled once, in order, has no free pages to
 * reclaim. Measured on the demo's docs and modules and the 1,000-page corpus, VACUUM
 * changed the file by a tenth of a percent at most (smaller or larger, compressed too),
 * and its time was spent in every build and every save in `npm run dev`.
 */
export async function sqliteImage(dump: string): Promise<Uint8Array> {
  const db = new (await loadSqlJs()).Database()
  try {
    db.exec(dump)
    return db.export()
  } finally {
    db.close()
  }
}
