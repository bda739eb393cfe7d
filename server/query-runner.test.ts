import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { startTypeScriptWorker } from '../content-build/typescript-worker'
import { QueryFailed, QueryRunner, QueryTimeout } from './query-runner'

// The real worker, unless a test makes one start fail.
vi.mock('../content-build/typescript-worker', async (importOriginal) => {
  const real = await importOriginal<typeof import('../content-build/typescript-worker')>()
  return { ...real, startTypeScriptWorker: vi.fn(real.startTypeScriptWorker) }
})

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

  it('fails the queries waiting on a worker that could not start, and starts another for the next', async () => {
    const runner = new QueryRunner({ timeoutMs: 5000, maxRows: 10 })
    vi.mocked(startTypeScriptWorker).mockRejectedValueOnce(new Error('the worker could not start'))
    try {
      const first = runner.run(query('SELECT 1 AS one'))
      const second = runner.run(query('SELECT 2 AS two'))
      await expect(first).rejects.toThrow('the worker could not start')
      await expect(second).rejects.toThrow('the worker could not start')
      expect(await runner.run(query('SELECT 3 AS three'))).toBe('[{"three":3}]')
    } finally {
      await runner.close()
    }
  })

  it('does not hold the process open once idle, even when never closed', async () => {
    const script = join(dir, 'idle.mts')
    const runnerModule = fileURLToPath(new URL('./query-runner.ts', import.meta.url))
    await writeFile(
      script,
      `import { QueryRunner } from ${JSON.stringify(runnerModule)}\n` +
        `const runner = new QueryRunner({ timeoutMs: 10000, maxRows: 10 })\n` +
        `console.log(await runner.run(${JSON.stringify(query('SELECT path FROM pages LIMIT 1'))}))\n`,
    )
    // The process ends by itself after its one query; a worker left referenced would keep it until the kill.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 30_000, killSignal: 'SIGKILL' })
    expect(stdout.trim()).toBe('[{"path":"/a"}]')
  }, 40_000)
})
