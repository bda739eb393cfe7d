import initSqlJs, { type SqlJsStatic } from 'sql.js'

let sql: Promise<SqlJsStatic> | undefined

/**
 * A collection's dump as a SQLite database file: the dump executed by the same sql.js
 * the browser runs, compacted (VACUUM), exported. The browser opens it as it is, where
 * the SQL text has to be executed statement by statement (a 1,000-page collection:
 * hundreds of milliseconds). Same rows, same checksum row, so the same checks apply.
 */
export async function sqliteImage(dump: string): Promise<Uint8Array> {
  sql ??= initSqlJs()
  const db = new (await sql).Database()
  try {
    db.exec(dump)
    db.exec('VACUUM')
    return db.export()
  } finally {
    db.close()
  }
}
