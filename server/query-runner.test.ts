import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { QueryFailed, QueryRunner, QueryTimeout } from './query-runner'

let dir: string
let dumpFile: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'query-runner-'))
  dumpFile = join(dir, 'sql_dump.txt')
  await writeFile(dumpFile, "CREATE TABLE pages (path TEXT);\nINSERT INTO pages VALUES ('/a'), ('/b');\n")
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const query = (sql: string) => ({ collection: 'docs', dumpFile, checksum: 'c1', sql })

describe('QueryRunner', () => {
  it('answers with the rows as JSON, and refuses more rows than its cap', async () => {
    const runner = new QueryRunner({ timeoutMs: 5000, maxRows: 1 })
    try {
      expect(await runner.run(query("SELECT path FROM pages WHERE path = '/a'"))).toBe('[{"path":"/a"}]')
      await expect(runner.run(query('SELECT path FROM pages'))).rejects.toBeInstanceOf(QueryFailed)
    } finally {
      await runner.close()
    }
  })

  it('stops a query past its time limit, and answers the next one from a fresh worker', async () => {
    const runner = new QueryRunner({ timeoutMs: 2000, maxRows: 10 })
    try {
      // Never ends: only the runner's timeout stops it.
      const endless = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n'
      await expect(runner.run(query(endless))).rejects.toBeInstanceOf(QueryTimeout)
      expect(await runner.run(query('SELECT count(*) AS pages FROM pages'))).toBe('[{"pages":2}]')
    } finally {
      await runner.close()
    }
  })
})
