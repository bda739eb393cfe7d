import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'

/**
 * `npm run bench:summary`
 *
 * One table of the figures issue 18 names, read from what the benches wrote into
 * bench-results/: each figure with its target where one is set, whether it is met, and
 * the date of the run it comes from. `npm run bench` runs every bench and ends with
 * this, so the table comes from one run; a bench that has not run shows as such.
 */
const root = resolve(import.meta.dirname, '../..')

type Json = Record<string, unknown>

async function results(name: string): Promise<Json | undefined> {
  try {
    const data: unknown = JSON.parse(await readFile(resolve(root, 'bench-results', `${name}.json`), 'utf8'))
    return isObject(data) ? data : undefined
  } catch {
    return undefined
  }
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The value at `path` (keys and array indexes), or undefined. */
function at(data: unknown, ...path: (string | number)[]): unknown {
  let value = data
  for (const key of path) {
    if (typeof key === 'number') value = Array.isArray(value) ? value.at(key) : undefined
    else value = isObject(value) ? value[key] : undefined
  }
  return value
}

function num(data: unknown, ...path: (string | number)[]): number | undefined {
  const value = at(data, ...path)
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** The entry of a `results` array whose `key` is `value`. */
function row(data: Json | undefined, key: string, value: unknown): Json | undefined {
  const list = at(data, 'results')
  return Array.isArray(list) ? list.find((r): r is Json => isObject(r) && r[key] === value) : undefined
}

interface Line {
  figure: string
  value: string
  target?: { text: string; ok: boolean }
  run: string
}

const fmt = (n: number | undefined, unit: string, digits = 1) => (n === undefined ? '–' : `${n.toLocaleString('en', { maximumFractionDigits: digits })}${unit}`)
const pair = (a: number | undefined, b: number | undefined, unit: string) => (a === undefined && b === undefined ? '–' : `${fmt(a, '')} / ${fmt(b, unit)}`)
const dateOf = (data: Json | undefined) => (typeof data?.date === 'string' ? data.date.slice(0, 10) : 'not run')
/** A target: met when `value` is defined and `ok(value)`. */
const target = (text: string, value: number | undefined, ok: (v: number) => boolean) => ({ text, ok: value !== undefined && ok(value) })
type Limited = [value: number | undefined, max: number]
/** A target on two figures, each at most its limit: met when the first is there and both are within. */
const bothAtMost = (text: string, [a, aMax]: Limited, [b, bMax]: Limited) => target(text, a, (v) => v <= aMax && (b ?? Infinity) <= bMax)

async function main() {
  const [content, dev, docs, docs1000, docs5000, search, modules, serve, queryAttack, newsletter, lighthouse, deploy, mcp] = await Promise.all(
    ['content-build', 'dev', 'docs', 'docs-1000', 'docs-5000', 'search', 'modules', 'serve', 'query-attack', 'newsletter', 'lighthouse', 'deploy', 'mcp'].map(results),
  )
  const demo = at(docs, 'results', -1)
  const scale1000 = at(docs1000, 'result')
  const scale5000 = at(docs5000, 'result')
  const content1000 = row(content, 'pages', 1000)
  const content5000 = row(content, 'pages', 5000)
  const searchDemo = row(search, 'site', 'demo site')
  const search1000 = row(search, 'site', '1,000-page docs')
  const search5000 = row(search, 'site', '5,000-page docs')
  const modules500 = row(modules, 'modules', 500)
  const modules5000 = row(modules, 'modules', 5000)
  const served = (name: string) => row(serve, 'name', name)
  // The phase with the expensive statements (the bench's second).
  const attacked = Array.isArray(at(queryAttack, 'results')) ? at(queryAttack, 'results', 1) : undefined
  const deployed = (setup: string, name: string) => {
    const list = at(deploy, 'results')
    return Array.isArray(list) ? list.find((r): r is Json => isObject(r) && r.setup === setup && r.name === name) : undefined
  }
  const newsletterBusy = Array.isArray(at(newsletter, 'results')) ? (at(newsletter, 'results') as unknown[]).at(-1) : undefined

  const lines: Line[] = [
    {
      figure: 'full build, 1,000 docs pages (prerender included; content build peak RSS)',
      value: `${fmt(num(docs1000, 'build', 'seconds'), ' s')} (${fmt(num(docs1000, 'build', 'contentPeakMb'), ' MB', 0)})`,
      target: target('≤ 30 s', num(docs1000, 'build', 'seconds'), (v) => v <= 30),
      run: dateOf(docs1000),
    },
    {
      figure: 'full build, 5,000 docs pages (prerender included; content build peak RSS)',
      value: `${fmt(num(docs5000, 'build', 'seconds'), ' s')} (${fmt(num(docs5000, 'build', 'contentPeakMb'), ' MB', 0)})`,
      run: dateOf(docs5000),
    },
    {
      figure: 'content build alone, 1,000 pages, cold (no prerender)',
      value: fmt(num(content1000, 'medianMs'), ' ms', 0),
      target: target('≤ 5 s', num(content1000, 'medianMs'), (v) => v <= 5000),
      run: dateOf(content),
    },
    {
      figure: 'content build alone, 1,000 pages, after one page is edited (one-off build)',
      value: fmt(num(content1000, 'incrementalMs'), ' ms', 0),
      run: dateOf(content),
    },
    {
      // Measured as a developer waits for it (bench:dev): the real `npm run dev`, a file written, the open page in Chromium.
      figure: `dev server, ${(num(dev, 'pages') ?? 1000).toLocaleString('en')} pages: save → page updated in the browser, median (the rebuild in it)`,
      value: `${fmt(num(dev, 'result', 'totalMs', 'median'), ' ms', 0)} (${fmt(num(dev, 'result', 'rebuildMs', 'median'), ' ms', 0)})`,
      target: target('≤ 1 s', num(dev, 'result', 'totalMs', 'median'), (v) => v <= 1000),
      run: dateOf(dev),
    },
    {
      figure: 'content build alone, 5,000 pages: peak RSS',
      value: fmt(num(content5000, 'peakRssMB'), ' MB', 0),
      target: target('≤ 1 GB', num(content5000, 'peakRssMB'), (v) => v <= 1024),
      run: dateOf(content),
    },
    {
      figure: 'first docs page, cold LCP at 1× / 4× CPU (demo, median)',
      value: pair(num(demo, 'lcp1xMs', 'p50'), num(demo, 'lcpMs', 'p50'), ' ms'),
      target: target('4×: ≤ 1,000 ms', num(demo, 'lcpMs', 'p50'), (v) => v <= 1000),
      run: dateOf(docs),
    },
    {
      figure: 'first docs page, cold LCP at 1× / 4× CPU (1,000 pages, median)',
      value: pair(num(scale1000, 'lcp1xMs', 'p50'), num(scale1000, 'lcpMs', 'p50'), ' ms'),
      target: bothAtMost('≤ 180 / ≤ 500 ms', [num(scale1000, 'lcpMs', 'p50'), 500], [num(scale1000, 'lcp1xMs', 'p50'), 180]),
      run: dateOf(docs1000),
    },
    {
      figure: 'JavaScript before the first docs paint (gzip -9), demo / 1,000 pages',
      value: pair(num(demo, 'jsBeforePaintKb'), num(scale1000, 'jsBeforePaintKb'), ' KB'),
      target: bothAtMost('≤ 100 KB', [num(scale1000, 'jsBeforePaintKb'), 100], [num(demo, 'jsBeforePaintKb'), 100]),
      run: dateOf(docs1000),
    },
    {
      figure: 'bytes before LCP / after idle (demo)',
      value: pair(num(demo, 'bytesBeforeLcpKb'), num(demo, 'bytesAfterIdleKb'), ' KB'),
      run: dateOf(docs),
    },
    {
      figure: 'bytes before LCP / after idle (1,000 pages)',
      value: pair(num(scale1000, 'bytesBeforeLcpKb'), num(scale1000, 'bytesAfterIdleKb'), ' KB'),
      target: bothAtMost('≤ 120 / ≤ 250 KB', [num(scale1000, 'bytesAfterIdleKb'), 250], [num(scale1000, 'bytesBeforeLcpKb'), 120]),
      run: dateOf(docs1000),
    },
    {
      figure: 'navigation, click → h1 painted p50 / p95 (demo)',
      value: pair(num(demo, 'navMs', 'p50'), num(demo, 'navMs', 'p95'), ' ms'),
      target: target('p95 ≤ 50 ms', num(demo, 'navMs', 'p95'), (v) => v <= 50),
      run: dateOf(docs),
    },
    {
      figure: 'sidebar click → h1 painted p50 / p95 (1,000 pages, warm)',
      value: pair(num(scale1000, 'navMs', 'p50'), num(scale1000, 'navMs', 'p95'), ' ms'),
      target: bothAtMost('≤ 30 / ≤ 50 ms', [num(scale1000, 'navMs', 'p50'), 30], [num(scale1000, 'navMs', 'p95'), 50]),
      run: dateOf(docs1000),
    },
    {
      figure: 'sidebar click → h1 painted p50 / p95 (5,000 pages, warm)',
      value: pair(num(scale5000, 'navMs', 'p50'), num(scale5000, 'navMs', 'p95'), ' ms'),
      target: bothAtMost('≤ 30 / ≤ 50 ms', [num(scale5000, 'navMs', 'p50'), 30], [num(scale5000, 'navMs', 'p95'), 50]),
      run: dateOf(docs5000),
    },
    {
      figure: 'search keystroke → results painted p95 (demo / 1,000 pages)',
      value: pair(num(searchDemo, 'keystrokeMs', 'p95'), num(search1000, 'keystrokeMs', 'p95'), ' ms'),
      run: dateOf(search),
    },
    {
      figure: "search palette's first open, bytes on the wire until the first query's results (demo / 1,000 pages)",
      value: pair(num(searchDemo, 'bytesOnOpenKb', 'p50'), num(search1000, 'bytesOnOpenKb', 'p50'), ' KB'),
      target: target('1,000 pages: ≤ 300 KB', num(search1000, 'bytesOnOpenKb', 'p50'), (v) => v <= 300),
      run: dateOf(search),
    },
    {
      figure: 'search, key → palette open and focused p50 at 1× / 4× CPU, cold (demo)',
      value: pair(num(searchDemo, 'openMs', 'p50'), num(searchDemo, 'openSlowMs', 'p50'), ' ms'),
      target: bothAtMost('≤ 50 / ≤ 150 ms', [num(searchDemo, 'openMs', 'p50'), 50], [num(searchDemo, 'openSlowMs', 'p50'), 150]),
      run: dateOf(search),
    },
    {
      figure: 'search, key → palette open and focused p50 at 1× / 4× CPU, cold (1,000 pages)',
      value: pair(num(search1000, 'openMs', 'p50'), num(search1000, 'openSlowMs', 'p50'), ' ms'),
      target: bothAtMost('≤ 50 / ≤ 150 ms', [num(search1000, 'openMs', 'p50'), 50], [num(search1000, 'openSlowMs', 'p50'), 150]),
      run: dateOf(search),
    },
    {
      figure: "search, key → first query's results painted p50, query typed at once, cold (1,000 / 5,000 pages)",
      value: pair(num(search1000, 'firstResultsMs', 'p50'), num(search5000, 'firstResultsMs', 'p50'), ' ms'),
      target: bothAtMost('≤ 300 / ≤ 1,000 ms', [num(search1000, 'firstResultsMs', 'p50'), 300], [num(search5000, 'firstResultsMs', 'p50'), 1000]),
      run: dateOf(search),
    },
    {
      figure: 'module filter or sort → list in the DOM p95 (500 / 5,000 modules)',
      value: pair(num(modules500, 'domMs', 'p95'), num(modules5000, 'domMs', 'p95'), ' ms'),
      target: bothAtMost('≤ 10 / ≤ 30 ms', [num(modules500, 'domMs', 'p95'), 10], [num(modules5000, 'domMs', 'p95'), 30]),
      run: dateOf(modules),
    },
    {
      figure: `MCP endpoint, ${fmt(num(mcp, 'pages'), '', 0)} docs pages: search_docs / get_page p95`,
      value: pair(num(mcp, 'results', 'searchDocs', 'p95'), num(mcp, 'results', 'getPage', 'p95'), ' ms'),
      target: bothAtMost('≤ 20 / ≤ 10 ms', [num(mcp, 'results', 'searchDocs', 'p95'), 20], [num(mcp, 'results', 'getPage', 'p95'), 10]),
      run: dateOf(mcp),
    },
    {
      figure: 'server: prerendered docs page, requests/s (50 connections)',
      value: fmt(num(served('docs page (prerendered HTML)'), 'perSecond'), '/s', 0),
      target: target('≥ 5,000/s', num(served('docs page (prerendered HTML)'), 'perSecond'), (v) => v >= 5000),
      run: dateOf(serve),
    },
    {
      figure: 'server: query endpoint p99 (50 connections)',
      value: fmt(num(served('query endpoint (docs page by path)'), 'latencyMs', 'p99'), ' ms'),
      target: target('≤ 20 ms', num(served('query endpoint (docs page by path)'), 'latencyMs', 'p99'), (v) => v <= 20),
      run: dateOf(serve),
    },
    {
      figure: 'query endpoint under attack (100 expensive statements in flight): another client p99 / pages p99',
      value: pair(num(attacked, 'reader', 'latencyMs', 'p99'), num(attacked, 'pages', 'latencyMs', 'p99'), ' ms'),
      target: bothAtMost('≤ 100 ms / ≤ 50 ms', [num(attacked, 'reader', 'latencyMs', 'p99'), 100], [num(attacked, 'pages', 'latencyMs', 'p99'), 50]),
      run: dateOf(queryAttack),
    },
    {
      figure: `newsletter signups/s (${String(at(newsletterBusy, 'concurrency') ?? '–')} concurrent clients)`,
      value: fmt(num(newsletterBusy, 'perSecond'), '/s', 0),
      run: dateOf(newsletter),
    },
    {
      figure: 'built server (node dist-server/index.mjs): start-up, spawn → first 200 (RSS then / after load)',
      value: `${fmt(num(deploy, 'startup', 'medianMs'), ' ms', 0)} (${pair(num(deploy, 'memory', 'afterStartMb'), num(deploy, 'memory', 'afterLoadMb', 'oneServer'), ' MB')})`,
      run: dateOf(deploy),
    },
    ...['docs page (prerendered HTML)', 'query endpoint (docs page by path)', 'newsletter signups (a new address each)'].map((name) => ({
      figure: `built server, ${name}: requests/s, one server / two behind nginx (p99)`,
      value: `${pair(num(deployed('one server', name), 'perSecond'), num(deployed('two servers behind nginx', name), 'perSecond'), '/s')} (${pair(
        num(deployed('one server', name), 'latencyMs', 'p99'),
        num(deployed('two servers behind nginx', name), 'latencyMs', 'p99'),
        ' ms',
      )})`,
      run: dateOf(deploy),
    })),
  ]
  for (const page of Array.isArray(at(lighthouse, 'results')) ? (at(lighthouse, 'results') as unknown[]) : []) {
    const score = (c: string) => num(page, 'scores', c)
    lines.push({
      figure: `Lighthouse ${String(at(page, 'path'))}: performance / accessibility / best practices / SEO`,
      value: ['performance', 'accessibility', 'best-practices', 'seo'].map((c) => fmt(score(c), '', 0)).join(' / '),
      target: target(
        '≥ 95 / 100 / ≥ 95 / ≥ 95',
        score('performance'),
        (v) => v >= 95 && score('accessibility') === 100 && (score('best-practices') ?? 0) >= 95 && (score('seo') ?? 0) >= 95,
      ),
      run: dateOf(lighthouse),
    })
  }
  if (!lighthouse) lines.push({ figure: 'Lighthouse', value: '–', run: 'not run' })

  console.log('\n| figure | value | target | run |')
  console.log('|---|---:|---|---|')
  for (const line of lines) {
    const verdict = line.target ? `${line.target.text}: ${line.target.ok ? 'met' : '**not met**'}` : '–'
    console.log(`| ${line.figure} | ${line.value} | ${verdict} | ${line.run} |`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
