import { spawn } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { availableParallelism } from 'node:os'
import { dirname, resolve } from 'node:path'

import { CollectionQuery } from '../../src/contract/content/query-builder'
import { argument } from '../args'
import { percentile, startProductionServer } from './server'

/**
 * `npm run bench:query-attack [-- --seconds 10 --concurrency 100]`
 *
 * The query endpoint under the attack of issue 47, against the production server
 * (`server/index.ts` on the last build) in a process of its own on loopback:
 * - the attacker (a process of its own, from 127.0.0.1) keeps `concurrency` statements
 *   in flight, each one unique so the answer cache never helps: the most expensive
 *   the guard accepts on the docs (eight LIKE patterns of four wildcards on `body`),
 *   then the probe's own statement (290 LIKE patterns of 26 wildcards), refused;
 * - a reader (from 127.0.0.2) asks a cheap blog statement every 25 ms, each unique too,
 *   so each one is queued and run;
 * - a visitor (from 127.0.0.3) GETs a docs page every 25 ms.
 * Each phase also runs without the attacker, for comparison. Targets: the reader's
 * statements answer 200 within 100 ms p99, and page GETs within 50 ms p99.
 */
const root = resolve(import.meta.dirname, '../..')
const READER_P99_TARGET_MS = 100
const PAGE_P99_TARGET_MS = 50
const EVERY_MS = 25

type Attack = 'expensive' | 'probe'

/** The attacker's statement number `n`. */
function attackStatement(kind: Attack, n: number): string {
  if (kind === 'probe') {
    const terms = Array.from({ length: 290 }, (_, i) => `"body" LIKE '%a%b%c%d%e%f%g%h%i%j%k%l%m%n%o%p%q%r%s%t%u%v%w%x%y%z${n}-${i}%' ESCAPE '\\'`)
    return `SELECT "path" FROM "_content_docsv4" WHERE (${terms.join(' OR ')})`
  }
  return new CollectionQuery('docsv4')
    .select('path')
    .orWhere((group) => {
      for (let i = 0; i < 8; i++) group.where('body', 'LIKE', `%e_e_e%${n}-${i}`)
      return group
    })
    .toSQL()
}

interface Answer {
  status: number
  ms: number
}

/** One request from `localAddress`, its status and time (status 0: a socket error). */
function send(agent: Agent, url: string, localAddress: string, body?: string): Promise<Answer> {
  const started = performance.now()
  return new Promise((done) => {
    const req = request(
      url,
      {
        agent,
        localAddress,
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume()
        res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - started }))
      },
    )
    req.on('error', () => done({ status: 0, ms: performance.now() - started }))
    req.end(body)
  })
}

const statuses = (answers: Answer[]) =>
  Object.fromEntries([...new Set(answers.map((a) => a.status))].sort().map((status) => [status, answers.filter((a) => a.status === status).length])) as Record<string, number>

const latency = (answers: Answer[]) => {
  const ms = answers.map((a) => a.ms)
  const round = (n: number) => Math.round(n * 10) / 10
  return { p50: round(percentile(ms, 50)), p99: round(percentile(ms, 99)), max: round(Math.max(...ms)) }
}

/** The attacker's side, in its own process: `concurrency` statements in flight until the time is up; prints its statuses as JSON. */
async function attacker(url: string, kind: Attack, concurrency: number, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const end = Date.now() + seconds * 1000
  const answers: Answer[] = []
  let n = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) answers.push(await send(agent, `${url}/__content/docsv4/query`, '127.0.0.1', JSON.stringify({ sql: attackStatement(kind, n++) })))
    }),
  )
  agent.destroy()
  console.log(JSON.stringify({ sent: answers.length, statuses: statuses(answers), latencyMs: latency(answers) }))
}

/** The reader's and the visitor's requests every EVERY_MS for `seconds`, and the attacker's report when there is one. */
async function phase(url: string, seconds: number, attack?: { kind: Attack; concurrency: number }) {
  const child = attack
    ? spawn(
        process.execPath,
        ['--import', 'tsx', import.meta.filename, '--attacker', url, '--kind', attack.kind, '--concurrency', String(attack.concurrency), '--seconds', String(seconds + 1)],
        {
          cwd: root,
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      )
    : undefined
  let report = ''
  child?.stdout?.on('data', (chunk: Buffer) => (report += chunk.toString()))
  const exited = child ? new Promise((done) => child.once('exit', done)) : Promise.resolve()
  // The attacker's process starts (tsx) and fills its connections before the measured second.
  if (child) await new Promise((done) => setTimeout(done, 2000))

  const agent = new Agent({ keepAlive: true })
  const reader: Promise<Answer>[] = []
  const visitor: Promise<Answer>[] = []
  let n = 0
  const end = Date.now() + seconds * 1000
  while (Date.now() < end) {
    const sql = new CollectionQuery('blog').select('title', 'path').where('path', '=', `/blog/reader-${process.pid}-${n++}`).toSQL()
    reader.push(send(agent, `${url}/__content/blog/query`, '127.0.0.2', JSON.stringify({ sql })))
    visitor.push(send(agent, `${url}/docs/4.x/getting-started/introduction`, '127.0.0.3'))
    await new Promise((done) => setTimeout(done, EVERY_MS))
  }
  const [readerAnswers, visitorAnswers] = await Promise.all([Promise.all(reader), Promise.all(visitor)])
  agent.destroy()
  await exited
  return {
    attack: attack ?? null,
    attacker: report ? (JSON.parse(report) as unknown) : null,
    reader: { sent: readerAnswers.length, statuses: statuses(readerAnswers), latencyMs: latency(readerAnswers) },
    pages: { sent: visitorAnswers.length, statuses: statuses(visitorAnswers), latencyMs: latency(visitorAnswers) },
  }
}

async function main() {
  const attackerUrl = argument('attacker')
  const seconds = Number(argument('seconds') ?? 10)
  const concurrency = Number(argument('concurrency') ?? 100)
  if (attackerUrl) return attacker(attackerUrl, (argument('kind') ?? 'expensive') as Attack, concurrency, seconds)

  // As `npm start` serves it, with the answer cache on: the statements are unique, so it never answers them.
  const server = await startProductionServer()
  try {
    // Warm-up: the query workers' first start, and the collections' dumps in each.
    await phase(server.url, 2)
    const results = [
      { name: 'no attack', ...(await phase(server.url, seconds)) },
      { name: `${concurrency} expensive statements in flight`, ...(await phase(server.url, seconds, { kind: 'expensive', concurrency })) },
      { name: `${concurrency} of the probe's statements in flight`, ...(await phase(server.url, seconds, { kind: 'probe', concurrency })) },
    ]
    const show = (s: Record<string, number>) =>
      Object.entries(s)
        .map(([status, count]) => `${count} × ${status}`)
        .join(', ')
    console.log(`\nQuery endpoint under attack (${seconds} s a phase, a request each ${EVERY_MS} ms from the reader and the visitor; loopback, ${availableParallelism()} vCPUs)\n`)
    console.log('| phase | attacker: answers | reader: statuses | reader p50 / p99 / max | pages: statuses | pages p50 / p99 / max | target |')
    console.log('|---|---|---|---:|---|---:|---|')
    let refused = false
    for (const r of results) {
      const answered = (statuses: Record<string, number>) => Object.keys(statuses).every((s) => s === '200')
      refused ||= !answered(r.reader.statuses) || !answered(r.pages.statuses)
      const readerOk = r.reader.latencyMs.p99 <= READER_P99_TARGET_MS && answered(r.reader.statuses)
      const pagesOk = r.pages.latencyMs.p99 <= PAGE_P99_TARGET_MS && answered(r.pages.statuses)
      const attackerText = r.attacker && typeof r.attacker === 'object' && 'statuses' in r.attacker ? show(r.attacker.statuses as Record<string, number>) : '–'
      console.log(
        `| ${r.name} | ${attackerText} | ${show(r.reader.statuses)} | ${r.reader.latencyMs.p50} / ${r.reader.latencyMs.p99} / ${r.reader.latencyMs.max} ms | ${show(r.pages.statuses)} | ${r.pages.latencyMs.p50} / ${r.pages.latencyMs.p99} / ${r.pages.latencyMs.max} ms | reader 200 p99 ≤ ${READER_P99_TARGET_MS} ms, pages p99 ≤ ${PAGE_P99_TARGET_MS} ms: ${readerOk && pagesOk ? 'PASS' : 'FAIL'} |`,
      )
    }
    const out = resolve(root, 'bench-results/query-attack.json')
    await mkdir(dirname(out), { recursive: true })
    await writeFile(out, JSON.stringify({ date: new Date().toISOString(), seconds, concurrency, everyMs: EVERY_MS, results }, null, 2))
    console.log(`\nWrote ${out}`)
    // A reader or a visitor not answered is a failure; the latency targets are read in the table, not enforced here.
    if (refused) process.exitCode = 1
  } finally {
    server.child.kill('SIGTERM')
  }
}

await main()
