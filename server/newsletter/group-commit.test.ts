import { type Client, createClient } from '@libsql/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { GroupCommit } from './group-commit'

let db: Client

beforeEach(async () => {
  db = createClient({ url: ':memory:' })
  await db.execute('CREATE TABLE t (name TEXT PRIMARY KEY, n INTEGER NOT NULL CHECK (n >= 0))')
})
afterEach(() => db.close())

const insert = (name: string, n: number) => [
  { sql: 'INSERT INTO t (name, n) VALUES (?, ?)', args: [name, n] },
  { sql: 'SELECT count(*) AS rows FROM t', args: [] },
]

describe('group commit', () => {
  it('writes what is asked in one turn in one transaction, answering each caller with its own results', async () => {
    const batch = vi.spyOn(db, 'batch')
    const writes = new GroupCommit(db)
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => writes.write(insert(`row-${i}`, i))))
    expect(batch).toHaveBeenCalledTimes(1)
    // Each caller sees the table as its own statements left it: one more row each time.
    expect(results.map(([inserted, count]) => [inserted?.rowsAffected, Number(count?.rows[0]?.rows)])).toEqual(Array.from({ length: 40 }, (_, i) => [1, i + 1]))
    expect(Number((await db.execute('SELECT count(*) AS n FROM t')).rows[0]?.n)).toBe(40)
  })

  it('keeps groups to its limit', async () => {
    const batch = vi.spyOn(db, 'batch')
    const writes = new GroupCommit(db, 16)
    await Promise.all(Array.from({ length: 40 }, (_, i) => writes.write(insert(`row-${i}`, i))))
    expect(batch.mock.calls.map(([statements]) => statements.length / 2)).toEqual([16, 16, 8])
  })

  it('fails only the caller whose write fails; the others are written', async () => {
    const writes = new GroupCommit(db)
    const outcomes = await Promise.allSettled([writes.write(insert('a', 1)), writes.write(insert('b', -1)), writes.write(insert('c', 3))])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toContain('CHECK constraint failed')
    const { rows } = await db.execute('SELECT name FROM t ORDER BY name')
    expect(rows.map((row) => row.name)).toEqual(['a', 'c'])
  })

  it('starts a new group for what is asked after a commit', async () => {
    const batch = vi.spyOn(db, 'batch')
    const writes = new GroupCommit(db)
    await writes.write(insert('first', 1))
    await Promise.all([writes.write(insert('second', 2)), writes.write(insert('third', 3))])
    expect(batch).toHaveBeenCalledTimes(2)
  })
})
