import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { dirname, join, resolve } from 'node:path'

import autocannon from 'autocannon'

import { CollectionQuery } from '../src/lib/content/query-builder'
import { argument } from './args'
import { startProductionServer } from './bench-server'

/**
 * `npm run bench:serve [-- --seconds 5 --connections 50]`
 *
 * The production server (`server/index.ts`, as `npm start` runs it, on the last build)
 * in a process of its own on loopback, loaded with autocannon: a prerendered docs page,
 * the home page, the app's entry script (compressed, as a browser asks), and the query
 * endpoint with the query a docs page makes without WebAssembly. Targets (issue 18):
 * static HTML and assets at least 5,000 requests/s; the query endpoint's p99 at most
 * 20 ms at 50 connections. Newsletter writes are `npm run bench:newsletter`. The server's
 * CPU time during each run says which side was the limit: a server busy well under
 * 100% of a core was waiting for the load generator, which shares the machine.
 */
const root = resolve(import.meta.dirname, '..')
const STATIC_TARGET = 5000
const QUERY_P99_TARGET_MS = 20

/** CPU time (user + system) of a process so far, in ms, from /proc (Linux); NaN elsewhere. */
async function cpuMs(pid: number | undefined): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return stat ? ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS : NaN
}
const CLOCK_TICKS = 100

interface Scenario {
  name: string
  kind: 'static' | 'query'
  path: string
  method?: 'GET' | 'POST'
  body?: string
  headers?: Record<string, string>
}

async function main() {
  const seconds = Number(argument('seconds') ?? 5)
  const connections = Number(argument('connections') ?? 50)
  const html = await readFile(join(root, 'dist/index.html'), 'utf8')
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1]
  if (!entry) throw new Error('dist/index.html names no entry script: run npm run build first')
  const docsPage = '/docs/4.x/getting-started/introduction'
  const sql = new CollectionQuery('docsv4').where('path', '=', docsPage).limit(1).toSQL()
  const scenarios: Scenario[] = [
    { name: 'docs page (prerendered HTML)', kind: 'static', path: docsPage, headers: { 'accept-encoding': 'br, gzip' } },
    { name: 'home page (HTML)', kind: 'static', path: '/', headers: { 'accept-encoding': 'br, gzip' } },
    { name: 'entry script (br)', kind: 'static', path: entry, headers: { 'accept-encoding': 'br, gzip' } },
    {
      name: 'query endpoint (docs page by path)',
      kind: 'query',
      path: '/__content/docsv4/query',
      method: 'POST',
      body: JSON.stringify({ sql }),
      headers: { 'content-type': 'application/json' },
    },
  ]
  const server = await startProductionServer()
  try {
    const results = []
    for (const scenario of scenarios) {
      const options = { url: server.url + scenario.path, method: scenario.method ?? 'GET', body: scenario.body, headers: scenario.headers, connections }
      // A second of warm-up (the JIT, the query worker's database), then the measured run.
      await autocannon({ ...options, duration: 1 })
      const cpuBefore = await cpuMs(server.child.pid)
      const run = await autocannon({ ...options, duration: seconds })
      const serverCpuMs = (await cpuMs(server.child.pid)) - cpuBefore
      results.push({
        /** How busy the server process was (all its threads): below 100% per core, the load generator is the limit. */
        serverBusy: Math.round((serverCpuMs / (seconds * 1000)) * 100),
        serverCpuMsPer1000: Math.round((serverCpuMs / Math.max(1, run.requests.total)) * 1000),
        ...scenario,
        perSecond: Math.round(run.requests.average),
        latencyMs: { p50: run.latency.p50, p99: run.latency.p99, max: run.latency.max },
        non2xx: run.non2xx,
        errors: run.errors + run.timeouts,
      })
    }
    console.log(`\nServer under load (autocannon, ${connections} connections, ${seconds} s each; loopback, ${availableParallelism()} vCPUs shared with the load generator)\n`)
    console.log('| request | requests/s | latency p50 / p99 / max | server CPU (busy, ms per 1,000) | not 2xx, errors | target |')
    console.log('|---|---:|---:|---:|---:|---|')
    for (const r of results) {
      const target =
        r.kind === 'static'
          ? `≥ ${STATIC_TARGET.toLocaleString('en-GB')}/s: ${r.perSecond >= STATIC_TARGET ? 'PASS' : 'FAIL'}`
          : `p99 ≤ ${QUERY_P99_TARGET_MS} ms: ${r.latencyMs.p99 <= QUERY_P99_TARGET_MS ? 'PASS' : 'FAIL'}`
      console.log(
        `| ${r.name} | ${r.perSecond.toLocaleString('en-GB')} | ${r.latencyMs.p50} / ${r.latencyMs.p99} / ${r.latencyMs.max} ms | ${r.serverBusy}%, ${r.serverCpuMsPer1000} ms | ${r.non2xx}, ${r.errors} | ${target} |`,
      )
    }
    const out = resolve(root, 'bench-results/serve.json')
    await mkdir(dirname(out), { recursive: true })
    await writeFile(out, JSON.stringify({ date: new Date().toISOString(), connections, seconds, results }, null, 2))
    console.log(`\nWrote ${out}`)
    if (results.some((r) => r.non2xx || r.errors)) process.exitCode = 1
  } finally {
    server.child.kill('SIGTERM')
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
