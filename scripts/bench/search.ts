import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

import type { Browser, Page } from 'playwright-core'

import { loadSite } from '../../server/site'
import { appReady, launchBrowser } from '../../testing/browser'
import { buildSite, serveDist } from '../../testing/build-site'
import { argument } from '../args'
import { writeCorpusSite } from './corpus-site'
import { percentile } from './server'

/**
 * `npm run bench:search [-- --runs 5]`
 *
 * The search palette (meta+K) in Chromium against the real server on 127.0.0.1, on the
 * demo site and on a site whose 4.x docs are a generated 1,000-page corpus, both built
 * with the prerender as `npm run build` builds them. Each run is a fresh context (a new
 * tab, nothing cached) on a docs page, the app settled for a second, then:
 * - *bytes on first open*: what the page fetched on the wire (headers and encoded
 *   bodies) from the press of meta+K until the network was quiet for 1 s: the palette's
 *   code, the search indexes of the version and the blog, the deploy providers, icons.
 *   Service workers are blocked, as on a first visit before the offline worker has
 *   precached the app (after that, the palette's code comes from its cache);
 * - *first results*: from the first keystroke to the results list drawn and painted,
 *   the index included when it is still on its way;
 * - *keystroke*: each following letter of three queries typed 120 ms apart, from its
 *   keydown to the frame after the results list changed (a letter that changes nothing
 *   on screen is not counted).
 * No target is set for these (issue 18 asks for them to be reported). Prints a table
 * and writes bench-results/search.json.
 */
const root = resolve(import.meta.dirname, '../..')
const QUERIES = ['usefetch', 'navigate programmatically', 'middleware']
const TYPING_DELAY_MS = 120
const round = (n: number) => Math.round(n * 10) / 10

/**
 * Counts the encoded bytes of every request the page or its workers finish from now on,
 * and says when the network has been quiet (nothing in flight) for `quietMs`.
 */
function countBytes(page: Page) {
  let bytes = 0
  let inFlight = 0
  let last = performance.now()
  const settle = () => {
    inFlight--
    last = performance.now()
  }
  page.on('request', () => {
    inFlight++
    last = performance.now()
  })
  page.on('requestfailed', settle)
  page.on('requestfinished', (request) => {
    void request
      .sizes()
      .then((sizes) => (bytes += sizes.responseBodySize + sizes.responseHeadersSize))
      .catch(() => undefined)
      .finally(settle)
  })
  return { total: () => bytes, quiet: (quietMs: number) => inFlight === 0 && performance.now() - last >= quietMs }
}

/** In the page: each keystroke in the palette's input, timed to the frame after the results list changed. */
const keystrokeProbe = () => {
  const times: number[] = []
  Reflect.set(window, '__keystrokes', times)
  let startedAt: number | undefined
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key.length === 1 && document.activeElement?.matches('[cmdk-input]')) startedAt = performance.now()
    },
    { capture: true },
  )
  new MutationObserver(() => {
    if (startedAt === undefined || !document.querySelector('[cmdk-list]')) return
    const started = startedAt
    startedAt = undefined
    requestAnimationFrame(() => setTimeout(() => times.push(performance.now() - started), 0))
  }).observe(document, { childList: true, subtree: true, characterData: true })
}

interface Visit {
  bytesOnOpen: number
  firstResultsMs: number
  keystrokesMs: number[]
}

async function visit(browser: Browser, url: string): Promise<Visit> {
  // No service worker: once it has precached the app, the palette's code would come from its cache, not the network.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' })
  await context.addInitScript('globalThis.__name = (fn) => fn')
  const page = await context.newPage()
  try {
    await page.addInitScript(keystrokeProbe)
    await page.goto(url)
    await appReady(page)
    await page.waitForTimeout(1000)
    const bytes = countBytes(page)
    await page.keyboard.press('Control+k')
    const input = page.getByRole('combobox', { name: 'Search the documentation' })
    await input.waitFor()
    const deadline = performance.now() + 30_000
    while (!bytes.quiet(1000) && performance.now() < deadline) await page.waitForTimeout(100)
    const bytesOnOpen = bytes.total()
    const keystrokes: number[] = []
    let firstResultsMs = NaN
    for (const [i, query] of QUERIES.entries()) {
      await input.fill('')
      await page.waitForTimeout(300)
      await page.evaluate(() => (Reflect.get(window, '__keystrokes') as number[]).splice(0))
      await input.pressSequentially(query, { delay: TYPING_DELAY_MS })
      await page.waitForTimeout(300)
      const times = await page.evaluate(() => [...(Reflect.get(window, '__keystrokes') as number[])])
      if (i === 0) firstResultsMs = times[0] ?? NaN
      keystrokes.push(...(i === 0 ? times.slice(1) : times))
    }
    return { bytesOnOpen, firstResultsMs, keystrokesMs: keystrokes }
  } finally {
    await context.close()
  }
}

interface Result {
  site: string
  docsPages: number
  runs: number
  bytesOnOpenKb: { p50: number; p95: number }
  firstResultsMs: { p50: number; p95: number }
  keystrokeMs: { p50: number; p95: number; count: number }
}

async function measure(name: string, dist: string, docsPages: number, page: string, runs: number): Promise<Result> {
  const server = await serveDist(dist)
  const browser = await launchBrowser()
  try {
    const visits: Visit[] = []
    for (let i = 0; i < runs; i++) {
      process.stderr.write(`  ${name}: visit ${i + 1}/${runs}\n`)
      visits.push(await visit(browser, server.url + page))
    }
    const of = (values: number[]) => ({ p50: round(percentile(values, 50)), p95: round(percentile(values, 95)) })
    const keystrokes = visits.flatMap((v) => v.keystrokesMs)
    return {
      site: name,
      docsPages,
      runs,
      bytesOnOpenKb: of(visits.map((v) => v.bytesOnOpen / 1024)),
      firstResultsMs: of(visits.map((v) => v.firstResultsMs)),
      keystrokeMs: { ...of(keystrokes), count: keystrokes.length },
    }
  } finally {
    await browser.close()
    server.close()
  }
}

async function main() {
  const runs = Number(argument('runs') ?? 5)
  const work = await mkdtemp(join(tmpdir(), 'fjord-bench-search-'))
  try {
    process.stderr.write('Building the demo site and a 1,000-page corpus site…\n')
    const demo = await buildSite(join(work, 'dist-demo'), root, { prerender: true })
    const corpusRoot = join(work, 'site-1000')
    await writeCorpusSite(corpusRoot, 1000)
    const corpus = await buildSite(join(work, 'dist-corpus'), corpusRoot, { prerender: true, links: 'warn' })
    const results = [
      await measure('demo site', demo, (await loadSite(demo)).manifest.collections.docsv4?.rows ?? 0, '/docs/4.x/getting-started/introduction', runs),
      await measure('1,000-page docs', corpus, 1000, '/docs/4.x/getting-started/installation/cache-headers', runs),
    ]
    console.log(
      `\nSearch palette (Chromium, loopback, ${availableParallelism()} vCPUs; ${runs} fresh tabs per site; queries ${QUERIES.map((q) => `"${q}"`).join(', ')} typed ${TYPING_DELAY_MS} ms apart)\n`,
    )
    console.log('| site | docs pages | bytes on first open p50 / p95 | first keystroke → results painted p50 / p95 | keystroke → results painted p50 / p95 (keystrokes) |')
    console.log('|---|---:|---:|---:|---:|')
    for (const r of results)
      console.log(
        `| ${r.site} | ${r.docsPages.toLocaleString('en')} | ${r.bytesOnOpenKb.p50} / ${r.bytesOnOpenKb.p95} KB | ${r.firstResultsMs.p50} / ${r.firstResultsMs.p95} ms | ${r.keystrokeMs.p50} / ${r.keystrokeMs.p95} ms (${r.keystrokeMs.count}) |`,
      )
    const out = resolve(root, 'bench-results/search.json')
    await mkdir(dirname(out), { recursive: true })
    await writeFile(out, JSON.stringify({ date: new Date().toISOString(), runs, results }, null, 2))
    console.log(`\nWrote ${out}`)
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
