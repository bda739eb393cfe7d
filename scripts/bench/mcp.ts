import { fork } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'

import { pathFromFile } from '../../content-build/formats/paths'
import { defaultSettings } from '../../server/security/settings'
import { serveBuilds } from '../../server/serve'
import config from '../../site.config'
import { buildSite } from '../../testing/build-site'
import { generateCorpus } from '../../testing/corpus/generate'
import { argument } from '../args'
import { writeCorpusSite } from './corpus-site'
import { percentile } from './server'

/**
 * `npm run bench:mcp [-- --pages 1000 --calls 300 --dist DIR]`: the MCP endpoint on a
 * site of generated docs pages (built here, or `--dist`, a build of the same corpus),
 * served by the real server in a process of its own on loopback, called by the SDK's
 * client: after a warm-up, `--calls` calls of each tool one after the other, each timed
 * from the call to its answer parsed; also the first search and the first page of a
 * fresh server (its index head and database opened then). Targets (issue 54):
 * search_docs p95 ≤ 20 ms, get_page p95 ≤ 10 ms. Writes bench-results/mcp.json.
 */
const root = resolve(import.meta.dirname, '../..')
const TARGETS = { searchP95: 20, getPageP95: 10 }
const WARM_UP = 30
const round = (n: number) => Math.round(n * 10) / 10

if (process.argv.includes('--serve')) {
  // The server alone in this process, with a rate limit no bench reaches.
  const serving = await serveBuilds({
    distDir: argument('dist') ?? '',
    config,
    settings: defaultSettings(config),
    hostname: '127.0.0.1',
    port: 0,
    api: { dataDir: argument('data') ?? '', limits: { mcp: { limit: 1e9, windowMs: 60_000 } } },
    log: () => {},
  })
  process.send?.({ url: serving.url })
} else {
  await main()
}

async function main() {
  const pages = Number(argument('pages') ?? 1000)
  const calls = Number(argument('calls') ?? 300)
  const work = await mkdtemp(join(tmpdir(), 'fjord-bench-mcp-'))
  try {
    let dist = argument('dist')
    if (!dist) {
      process.stderr.write(`Building a site with ${pages} generated docs pages…\n`)
      await writeCorpusSite(join(work, 'site'), pages)
      dist = await buildSite(join(work, 'dist'), join(work, 'site'), { links: 'warn' })
    }
    const files = generateCorpus(pages).filter((f) => f.path.endsWith('.md'))
    const paths = files.map((f) => pathFromFile(f.path, '/docs/4.x'))
    const titles = files.map((f) => /^title:\s*"?([^"\n]+)"?/m.exec(f.content)?.[1] ?? '').filter(Boolean)
    // Queries as an agent writes them: two words of a page's title, and one word.
    const queries = titles.flatMap((t) => {
      const words = t
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w.length > 2)
      return words.length > 1 ? [words.slice(0, 2).join(' '), words[words.length - 1] ?? ''] : words
    })

    const child = fork(import.meta.filename, ['--serve', '--dist', dist, '--data', join(work, 'data')], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    const url = await new Promise<string>((done) => child.once('message', (m: { url: string }) => done(m.url)))
    try {
      const client = new Client({ name: 'bench', version: '1.0.0' })
      await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)))
      const timed = async (name: string, args: Record<string, unknown>) => {
        const started = performance.now()
        const result = await client.callTool({ name, arguments: args })
        const ms = performance.now() - started
        if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${JSON.stringify(result.content)}`)
        return ms
      }
      const pick = <T>(list: readonly T[], i: number) => list[(i * 7919) % list.length] as T
      const firstSearch = await timed('search_docs', { query: pick(queries, 0) })
      const firstPage = await timed('get_page', { path: pick(paths, 0) })
      const run = async (name: string, args: (i: number) => Record<string, unknown>) => {
        for (let i = 0; i < WARM_UP; i++) await timed(name, args(i + calls))
        const times: number[] = []
        for (let i = 0; i < calls; i++) times.push(await timed(name, args(i)))
        return { calls, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) }
      }
      const results = {
        searchDocs: await run('search_docs', (i) => ({ query: pick(queries, i), limit: 8 })),
        getPage: await run('get_page', (i) => ({ path: pick(paths, i) })),
        listPages: await run('list_pages', () => ({})),
        listModules: await run('list_modules', (i) => ({ q: ['auth', 'image', 'ui', ''][i % 4] })),
      }
      await client.close()
      const checks = [
        { target: `search_docs p95 <= ${TARGETS.searchP95} ms`, ok: results.searchDocs.p95 <= TARGETS.searchP95 },
        { target: `get_page p95 <= ${TARGETS.getPageP95} ms`, ok: results.getPage.p95 <= TARGETS.getPageP95 },
      ]
      console.log(
        `\nMCP endpoint (${pages.toLocaleString('en')} docs pages; SDK client → real server on loopback, one call at a time; ${calls} timed calls each after ${WARM_UP} warm-up calls)\n`,
      )
      console.log('| tool | p50 | p95 |')
      console.log('|---|---:|---:|')
      for (const [name, r] of Object.entries(results)) console.log(`| ${name} | ${r.p50} ms | ${r.p95} ms |`)
      console.log(
        `\nFirst calls of a fresh server: search_docs ${round(firstSearch)} ms, get_page ${round(firstPage)} ms (the index and the database opened from the first request, the client's initialize)\n`,
      )
      for (const check of checks) console.log(`  ${check.ok ? 'PASS' : 'FAIL'}  ${check.target}`)
      const out = resolve(root, 'bench-results/mcp.json')
      await mkdir(dirname(out), { recursive: true })
      await writeFile(
        out,
        JSON.stringify({ date: new Date().toISOString(), pages, results, first: { searchMs: round(firstSearch), getPageMs: round(firstPage) }, checks }, null, 2),
      )
      console.log(`\nWrote ${out}`)
    } finally {
      child.kill()
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
