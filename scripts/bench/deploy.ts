import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'

import { CollectionQuery } from '../../src/contract/content/query-builder'
import { type Cluster, startCluster } from '../../testing/cluster'
import { freePort } from '../../testing/free-port'
import { deploymentFolder, type ProductionServer, startProductionServer } from '../../testing/production-server'
import { argument } from '../args'
import { autocannonLoad, hasWrk, type Load, type LoadResult, NUMBERED, wrk } from './load'
import { median } from './server'

/**
 * `npm run bench:deploy [-- --seconds 5 --connections 50 --starts 5]`
 *
 * The production server as a deployment runs it: `node dist-server/index.mjs` in a
 * folder of the last build (`dist/`, `dist-server/`) and the production dependencies
 * alone (testing/production-server.ts).
 * - **start-up**: spawn → the first 200 for `/`, and the server's RSS then (median of
 *   `--starts` starts, each on a fresh data folder);
 * - **under load**, one server alone and two servers on one database behind nginx
 *   (testing/cluster.ts: round robin, one nginx worker): requests/s and latency
 *   p50 / p99 / max for a prerendered docs page, the query endpoint, and newsletter
 *   signups (a new address each, rate limits lifted), each for `--seconds`;
 * - **memory after load**: the RSS of each server once every load has run.
 *
 * Every process shares the machine with the load generator (wrk when installed, else
 * autocannon), so two servers on two cores do not double one: the figures say how much
 * a second server adds on this machine, not on two.
 */
const root = resolve(import.meta.dirname, '../..')
const round = (n: number) => Math.round(n * 10) / 10

/** A process's resident memory now, in MB, from /proc (Linux); NaN elsewhere. */
async function rssMb(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1])
  return Number.isFinite(kb) ? round(kb / 1024) : NaN
}

/** Spawn → the first 200 for `/`: the server started, read its build, and answered. */
async function startOnce(folder: string, dataDir: string): Promise<{ ms: number; rssMb: number; server: ProductionServer }> {
  const port = await freePort()
  const started = performance.now()
  const server = await startProductionServer(folder, { PORT: String(port), FJORD_DATA_DIR: dataDir, FJORD_SESSION_SECRET: 'bench' })
  for (;;) {
    const response = await fetch(`${server.url}/`).catch(() => undefined)
    await response?.arrayBuffer()
    if (response?.status === 200) break
  }
  return { ms: round(performance.now() - started), rssMb: await rssMb(server.child.pid), server }
}

interface Scenario {
  name: string
  path: string
  method: 'GET' | 'POST'
  body?: string
  headers: Record<string, string>
}

function scenarios(publicUrl: string, prefix: string): Scenario[] {
  const docsPage = '/docs/4.x/getting-started/introduction'
  return [
    { name: 'docs page (prerendered HTML)', path: docsPage, method: 'GET', headers: { 'accept-encoding': 'br, gzip' } },
    {
      name: 'query endpoint (docs page by path)',
      path: '/__content/docsv4/query',
      method: 'POST',
      body: JSON.stringify({ sql: new CollectionQuery('docsv4').where('path', '=', docsPage).limit(1).toSQL() }),
      headers: { 'content-type': 'application/json' },
    },
    {
      name: 'newsletter signups (a new address each)',
      path: '/api/newsletter/subscribe',
      method: 'POST',
      body: JSON.stringify({ email: `${prefix}-${NUMBERED}@example.com` }),
      headers: { 'content-type': 'application/json', origin: publicUrl },
    },
  ]
}

async function main() {
  const seconds = Number(argument('seconds') ?? 5)
  const connections = Number(argument('connections') ?? 50)
  const starts = Number(argument('starts') ?? 5)
  const generator = (await hasWrk()) ? 'wrk' : 'autocannon'
  const work = await mkdtemp(join(tmpdir(), 'fjord-bench-deploy-'))
  const lifted = { FJORD_RATE_LIMIT_SUBSCRIBE: '100000000/600' }
  const stopping: (() => Promise<void>)[] = []
  try {
    console.log('Laying out a deployment: dist/, dist-server/ and the production dependencies…')
    const folder = await deploymentFolder(join(work, 'site'))

    const startups: { ms: number; rssMb: number }[] = []
    for (let i = 0; i < starts; i++) {
      const { ms, rssMb: rss, server } = await startOnce(folder, join(work, `start-${i}`))
      startups.push({ ms, rssMb: rss })
      await server.stop()
      console.log(`  start ${i + 1}/${starts}: ${ms} ms, ${rss} MB`)
    }

    const run = (load: Load, duration: number): Promise<LoadResult> => (generator === 'wrk' ? wrk(load, duration, work) : autocannonLoad(load, duration))
    const measure = async (setup: string, url: string, publicUrl: string) => {
      const rows = []
      const key = setup.replace(/\W+/g, '-')
      const load = (scenario: Scenario): Load => ({ url: url + scenario.path, method: scenario.method, body: scenario.body, headers: scenario.headers, connections })
      for (const [i, scenario] of scenarios(publicUrl, key).entries()) {
        // A second of warm-up (the JIT, the query worker's database, the database's first pages), on addresses of its own.
        await run(load(scenarios(publicUrl, `${key}-warm`)[i] ?? scenario), 1)
        const result = await run(load(scenario), seconds)
        rows.push({ setup, name: scenario.name, perSecond: Math.round(result.perSecond), latencyMs: result.latencyMs, non2xx: result.non2xx, errors: result.errors })
        console.log(`  ${setup}, ${scenario.name}: ${Math.round(result.perSecond)}/s, p99 ${result.latencyMs.p99} ms`)
      }
      return rows
    }

    const port = await freePort()
    const single = await startProductionServer(folder, {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      FJORD_DATA_DIR: join(work, 'single'),
      FJORD_SESSION_SECRET: 'bench',
      ...lifted,
    })
    stopping.push(() => single.stop())
    const results = await measure('one server', single.url, single.url)
    const singleRss = await rssMb(single.child.pid)
    await single.stop()

    const cluster: Cluster = await startCluster(folder, join(work, 'cluster'), { env: lifted })
    stopping.push(() => cluster.stop())
    results.push(...(await measure('two servers behind nginx', cluster.url, cluster.url)))
    const clusterRss = await Promise.all(cluster.servers.map((server) => rssMb(server.child.pid)))
    await cluster.stop()

    const startup = { runs: starts, medianMs: median(startups.map((s) => s.ms)), rssMb: median(startups.map((s) => s.rssMb)), samples: startups }
    const memory = { afterStartMb: startup.rssMb, afterLoadMb: { oneServer: singleRss, twoServers: clusterRss } }
    console.log(
      `\nThe production server (node dist-server/index.mjs, production dependencies only; ${generator}, ${connections} connections, ${seconds} s each; loopback, ${availableParallelism()} vCPUs shared by every process)\n`,
    )
    console.log(`Start-up, spawn → first 200 (median of ${starts}): ${startup.medianMs} ms; RSS then ${startup.rssMb} MB`)
    console.log(`RSS after the loads: one server ${singleRss} MB; two servers ${clusterRss.join(' MB, ')} MB\n`)
    console.log('| setup | request | requests/s | latency p50 / p99 / max | not 2xx, errors |')
    console.log('|---|---|---:|---:|---:|')
    for (const r of results) {
      console.log(
        `| ${r.setup} | ${r.name} | ${r.perSecond.toLocaleString('en-GB')} | ${r.latencyMs.p50} / ${r.latencyMs.p99} / ${r.latencyMs.max} ms | ${r.non2xx}, ${r.errors} |`,
      )
    }
    const out = resolve(root, 'bench-results/deploy.json')
    await mkdir(dirname(out), { recursive: true })
    await writeFile(out, JSON.stringify({ date: new Date().toISOString(), generator, connections, seconds, startup, memory, results }, null, 2))
    console.log(`\nWrote ${out}`)
    if (results.some((r) => r.non2xx || r.errors)) process.exitCode = 1
  } finally {
    for (const stop of stopping) await stop().catch(() => undefined)
    await rm(work, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
