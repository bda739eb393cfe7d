import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'

import { type NewsletterProcess, startNewsletterServer, subscribe } from '../../testing/newsletter-process'
import { argument } from '../args'
import { percentile } from './server'

/**
 * `npm run bench:newsletter [-- --requests 2000 --concurrency 1,16,64]`
 *
 * Newsletter write throughput and latency on loopback: the product API in a process of
 * its own (rate limits lifted, the embedded libSQL file in a fresh data directory, WAL
 * with synchronous FULL, as `npm start` runs it), and for each concurrency level a
 * burst of signups of new addresses, each one transaction writing the subscriber and
 * its queued confirmation email. The queue does not send during the burst. Reported:
 * signups acknowledged per second, and latency p50 / p99 / max from request to response.
 */
const root = resolve(import.meta.dirname, '../..')
const round = (n: number) => Math.round(n * 10) / 10

async function burst(server: NewsletterProcess, prefix: string, requests: number, concurrency: number) {
  const latencies: number[] = []
  const failures = new Map<number, number>()
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < requests) {
      const email = `${prefix}-${next++}@example.com`
      const sent = performance.now()
      const res = await subscribe(server, email)
      await res.arrayBuffer()
      latencies.push(performance.now() - sent)
      if (res.status !== 200) failures.set(res.status, (failures.get(res.status) ?? 0) + 1)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  return {
    concurrency,
    requests,
    perSecond: Math.round(requests / seconds),
    latencyMs: { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(Math.max(...latencies)) },
    failures: Object.fromEntries(failures),
  }
}

async function main() {
  const requests = Number(argument('requests') ?? 2000)
  const levels = (argument('concurrency') ?? '1,16,64').split(',').map(Number)
  const dir = await mkdtemp(join(tmpdir(), 'fjord-bench-newsletter-'))
  const server = await startNewsletterServer(dir)
  try {
    // Warm up the server (module loading, the JIT, the database's first pages).
    await burst(server, 'warm', 200, 8)
    const results = []
    for (const concurrency of levels) results.push(await burst(server, `c${concurrency}`, requests, concurrency))
    console.log(`\nNewsletter signups (POST /api/newsletter/subscribe, new addresses; loopback, ${availableParallelism()} vCPUs, embedded libSQL)\n`)
    console.log('| concurrent clients | signups | per second | latency p50 / p99 / max | not 200 |')
    console.log('|---:|---:|---:|---:|---:|')
    for (const r of results) {
      const failed = Object.entries(r.failures).map(([status, n]) => `${n} × ${status}`)
      console.log(`| ${r.concurrency} | ${r.requests} | ${r.perSecond} | ${r.latencyMs.p50} / ${r.latencyMs.p99} / ${r.latencyMs.max} ms | ${failed.join(', ') || 0} |`)
    }
    const out = resolve(root, 'bench-results/newsletter.json')
    await mkdir(dirname(out), { recursive: true })
    await writeFile(out, JSON.stringify({ date: new Date().toISOString(), results }, null, 2))
    console.log(`\nWrote ${out}`)
    if (results.some((r) => Object.keys(r.failures).length > 0)) process.exitCode = 1
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((done) => server.child.once('exit', done))
    await rm(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
