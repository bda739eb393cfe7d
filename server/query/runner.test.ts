import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { getPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { startTypeScriptWorker } from '../../content-build/runtime'
import { createQuery } from '../../src/contract/content/query-builder'
import { statNice } from './proc-stat'
import { QUERY_WORKER_NICE, QueryBusy, QueryFailed, type QueryJob, QueryRunner, QueryTimeout } from './runner'

// The real worker, unless a test makes one start fail.
vi.mock('../../content-build/workers/typescript-worker', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../content-build/workers/typescript-worker')>()
  return { ...real, startTypeScriptWorker: vi.fn(real.startTypeScriptWorker) }
})

let dir: string
let small: Omit<QueryJob, 'sql'>
let large: Omit<QueryJob, 'sql'>

/**
 * Two collections: `small` (two pages) and `large`, whose 4,000 bodies of repeated
 * "ee " make the most expensive statement the guard accepts (eight LIKE patterns of
 * four wildcards, none of which matches) run for seconds, far past the budgets below.
 */
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'query-runner-'))
  const collection = async (name: string, rows: string[]) => {
    const dumpFile = join(dir, `${name}.sql`)
    await writeFile(dumpFile, `CREATE TABLE "_content_${name}" ("id" TEXT, "path" TEXT, "body" TEXT);\n${rows.join('\n')}\n`)
    return { collection: name, dumpFile, checksum: 'c1', table: `_content_${name}`, columns: ['id', 'path', 'body'] }
  }
  small = await collection('small', ["INSERT INTO \"_content_small\" VALUES ('a', '/a', 'A'), ('b', '/b', 'B');"])
  const body = 'ee '.repeat(1000)
  large = await collection(
    'large',
    Array.from({ length: 4000 }, (_, i) => `INSERT INTO "_content_large" VALUES ('${i}', '/p/${i}', '${body}');`),
  )
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const cheap = (path = '/a'): QueryJob => ({ ...small, sql: createQuery('docsv4').select('path').where('path', '=', path).toSQL().replace('docsv4', 'small') })
const expensive = (n = 0): QueryJob => ({
  ...large,
  sql: createQuery('docsv4')
    .select('id')
    .orWhere((group) => {
      for (let i = 0; i < 8; i++) group.where('body', 'LIKE', `%e_e_e%x${n}-${i}`)
      return group
    })
    .toSQL()
    .replace('docsv4', 'large'),
})

describe('QueryRunner', () => {
  it('answers a checked statement with its rows as JSON', async () => {
    const runner = new QueryRunner({ budgetMs: 5000, maxRows: 10 })
    try {
      expect(await runner.run(cheap())).toBe('[{"path":"/a"}]')
    } finally {
      await runner.close()
    }
  })

  it('refuses, in the worker, a statement the guard refuses, and one past the row or size cap', async () => {
    const runner = new QueryRunner({ budgetMs: 5000, maxRows: 1, maxResultBytes: 1024, queue: { holdMs: 300 } })
    try {
      const asked = Date.now()
      const refused = runner.run({ ...small, sql: 'SELECT name FROM sqlite_master' })
      await expect(refused).rejects.toBeInstanceOf(QueryFailed)
      await expect(refused).rejects.toMatchObject({ code: 'refused' })
      // Held before it is answered: the app never sends a refused statement, only a prober waits.
      expect(Date.now() - asked).toBeGreaterThanOrEqual(290)
      await expect(runner.run({ ...small, sql: 'SELECT "path" FROM "_content_small"' })).rejects.toMatchObject({
        code: 'row-cap',
        message: 'the result has more than 1 rows: add a limit',
      })
      await expect(runner.run({ ...large, sql: 'SELECT "body" FROM "_content_large" LIMIT 1' })).rejects.toMatchObject({
        code: 'too-large',
        message: 'the result is larger than 1 KB: select fewer columns or add a limit',
      })
    } finally {
      await runner.close()
    }
  })

  it('stops only the statement past its budget; the others, running and waiting, are answered', async () => {
    const runner = new QueryRunner({ budgetMs: 100, maxRows: 10, workers: 2 })
    try {
      const slow = runner.run(expensive(), 'attacker')
      const neighbours = Array.from({ length: 6 }, (_, i) => runner.run(cheap(i % 2 ? '/a' : '/b'), `reader-${i}`))
      await expect(slow).rejects.toBeInstanceOf(QueryTimeout)
      await expect(slow).rejects.toThrow('the query ran longer than 100 ms and was stopped')
      expect(await Promise.all(neighbours)).toEqual(['[{"path":"/b"}]', '[{"path":"/a"}]', '[{"path":"/b"}]', '[{"path":"/a"}]', '[{"path":"/b"}]', '[{"path":"/a"}]'])
      // The stopped worker's slot takes the next statement with a new worker.
      expect(await Promise.all([runner.run(cheap(), 'attacker'), runner.run(cheap(), 'reader')])).toEqual(['[{"path":"/a"}]', '[{"path":"/a"}]'])
    } finally {
      await runner.close()
    }
  }, 30_000)

  it("takes clients in turn: one client's queue never delays another's statement past the one running", async () => {
    const runner = new QueryRunner({ budgetMs: 5000, maxRows: 10, workers: 1 })
    try {
      const order: string[] = []
      const track = (name: string, answer: Promise<string>) => answer.then(() => order.push(name))
      const flood = Array.from({ length: 10 }, (_, i) => track(`a${i}`, runner.run(cheap(), 'a')))
      const other = track('b', runner.run(cheap(), 'b'))
      await Promise.all([...flood, other])
      // a0 was running when b arrived; b goes next, ahead of a1…a9.
      expect(order.slice(0, 3)).toEqual(['a0', 'b', 'a1'])
    } finally {
      await runner.close()
    }
  })

  it('never gives one client every worker', async () => {
    const runner = new QueryRunner({ budgetMs: 10_000, maxRows: 10, workers: 2 })
    try {
      await Promise.all([runner.run(cheap(), 'x'), runner.run(cheap(), 'y')])
      // The attacker's statements run for seconds each; its second waits rather than take the other worker.
      const first = runner.run(expensive(1), 'attacker')
      const second = runner.run(expensive(2), 'attacker')
      let attackerAnswered = false
      for (const answer of [first, second]) {
        void answer.then(
          () => (attackerAnswered = true),
          () => (attackerAnswered = true),
        )
      }
      expect(await runner.run(cheap(), 'reader')).toBe('[{"path":"/a"}]')
      // Answered while the attacker's first statement still runs: it did not wait for a worker.
      expect(attackerAnswered).toBe(false)
      const stopped = Promise.all([expect(first).rejects.toBeInstanceOf(QueryBusy), expect(second).rejects.toBeInstanceOf(QueryBusy)])
      await runner.close()
      await stopped
    } finally {
      await runner.close()
    }
  }, 30_000)

  it("bounds each client's queue and the whole queue, with the seconds to wait", async () => {
    const runner = new QueryRunner({ budgetMs: 10_000, maxRows: 10, workers: 1, queue: { perClient: 2, total: 3, holdMs: 300 } })
    try {
      const running = runner.run(expensive(3), 'a')
      const waiting = [runner.run(cheap(), 'a'), runner.run(cheap(), 'a')]
      let refusedAt = 0
      const asked = Date.now()
      const refused = runner.run(cheap(), 'a')
      void refused.catch(() => (refusedAt = Date.now()))
      await expect(refused).rejects.toBeInstanceOf(QueryBusy)
      await expect(refused).rejects.toMatchObject({ reason: 'client-full', message: 'this client has too many statements waiting: try again shortly', retryAfter: 1 })
      // Held before it is refused: a client that asks again at once is slowed down.
      expect(refusedAt - asked).toBeGreaterThanOrEqual(290)
      const third = runner.run(cheap(), 'b')
      await expect(runner.run(cheap(), 'c')).rejects.toMatchObject({ reason: 'full', message: 'the server has too many statements waiting: try again shortly' })
      const stopped = Promise.all([running, ...waiting, third].map((answer) => expect(answer).rejects.toBeInstanceOf(QueryBusy)))
      await runner.close()
      await stopped
    } finally {
      await runner.close()
    }
  }, 30_000)

  it('answers a statement that waited too long, or whose request was closed, without running it', async () => {
    const runner = new QueryRunner({ budgetMs: 10_000, maxRows: 10, workers: 1, queue: { maxWaitMs: 200 } })
    try {
      const running = runner.run(expensive(4), 'a')
      const waited = runner.run(cheap(), 'b')
      await expect(waited).rejects.toMatchObject({ name: 'QueryBusy', reason: 'waited', message: 'the statement waited 0.2 s for its turn: the endpoint is busy' })
      const closed = new AbortController()
      const gaveUp = runner.run(cheap(), 'c', closed.signal)
      closed.abort()
      await expect(gaveUp).rejects.toMatchObject({ reason: 'waited', message: 'the request was closed before its statement ran' })
      const stopped = expect(running).rejects.toBeInstanceOf(QueryBusy)
      await runner.close()
      await stopped
    } finally {
      await runner.close()
    }
  }, 30_000)

  it('fails the statement given to a worker that could not start, and starts another for the next', async () => {
    const runner = new QueryRunner({ budgetMs: 5000, maxRows: 10, workers: 1 })
    vi.mocked(startTypeScriptWorker).mockRejectedValueOnce(new Error('the worker could not start'))
    try {
      await expect(runner.run(cheap())).rejects.toThrow('the worker could not start')
      expect(await runner.run(cheap('/b'))).toBe('[{"path":"/b"}]')
    } finally {
      await runner.close()
    }
  })

  it.runIf(process.platform === 'linux')('runs statements on threads of a lower priority than the HTTP thread', async () => {
    const nice = async () => Promise.all((await readdir('/proc/self/task')).map(async (tid) => statNice(await readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => ''))))
    const runner = new QueryRunner({ budgetMs: 5000, maxRows: 10, workers: 2 })
    try {
      expect(await nice()).not.toContain(QUERY_WORKER_NICE)
      await Promise.all([runner.run(cheap(), 'a'), runner.run(cheap(), 'b')])
      expect((await nice()).filter((n) => n === QUERY_WORKER_NICE)).toHaveLength(2)
      expect(getPriority()).toBe(0)
    } finally {
      await runner.close()
    }
  })

  it('does not hold the process open once idle, even when never closed', async () => {
    const script = join(dir, 'idle.mts')
    const runnerModule = fileURLToPath(new URL('./runner.ts', import.meta.url))
    await writeFile(
      script,
      `import { QueryRunner } from ${JSON.stringify(runnerModule)}\n` +
        `const runner = new QueryRunner({ budgetMs: 10000, maxRows: 10 })\n` +
        `console.log(await runner.run(${JSON.stringify(cheap())}))\n`,
    )
    // The process ends by itself after its one query; a worker left referenced would keep it until the kill.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 30_000, killSignal: 'SIGKILL' })
    expect(stdout.trim()).toBe('[{"path":"/a"}]')
  }, 40_000)
})
