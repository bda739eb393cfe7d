import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import type { WrittenCollection } from '../../content-build/outputs/write'
import { createDevContent } from '../../content-build/vite/dev-content'
import siteConfig from '../../site.config'
import { contentBuildArgs } from '../../testing/content-build-command'
import { argument } from '../args'
import { writeCorpusSite } from './corpus-site'
import { median } from './server'

/**
 * `npm run bench [-- --sizes 100,1000,5000 --runs 3]`
 *
 * Content build benchmark: builds the site with the docs 4.x collection replaced by a
 * generated corpus of N pages (DOCS_V4_DIR), in a child process like a real build,
 * and reports the median wall time, peak memory and dump sizes, the same build again
 * after one page is edited, and the dev server's rebuild after one page is saved (in this
 * process, as `npm run dev` rebuilds). Prints a table and
 * writes bench-results/content-build.json. Numbers on a shared machine are noisy:
 * read medians and ratios, not single runs.
 */

const execFileAsync = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')

const TARGETS = { ms1000: 5_000, ms5000: 25_000, rss5000: 1024 ** 3, gzipRatio: 0.35, devRebuildMs: 1_000 }

interface Run {
  ms: number
  maxRssBytes: number
  collections: WrittenCollection[]
}

interface SizeResult {
  pages: number
  sourceBytes: number
  runs: number
  /** Cold: no build cache. */
  medianMs: number
  /** Incremental: one page edited since the previous build, cache kept. */
  incrementalMs: number
  /** The dev server's rebuild after one page is saved (in process, as `npm run dev` rebuilds), median of `DEV_EDITS`. */
  devRebuildMs: number
  msPerPage: number
  peakRssMB: number
  dumpRawBytes: number
  dumpGzipBytes: number
  gzipRatio: number
  sourceGzipRatio: number
  /**
   * The database file the browser downloads (db.sqlite): raw, gzip and brotli (the
   * build's precompressed copies), each against the gzip of the Markdown. Brotli is what
   * the server sends every browser that accepts it (all current ones over HTTPS, and
   * Chromium over plain HTTP on 127.0.0.1 too), so it is the size on the wire; gzip is
   * the fallback for clients that accept only gzip.
   */
  imageRawBytes: number
  imageGzipBytes: number
  imageVsMarkdownGzip: number
  imageBrotliBytes: number
  imageBrotliVsMarkdownGzip: number
  /** For scale: the database file's brotli against the Markdown's own brotli (quality 11). */
  imageBrotliVsMarkdownBrotli: number
}

/**
 * Builds in a child process, as `npm run build` does. `siteRoot` holds content/ and
 * public/; for generated corpora it is a scratch project whose only docs are the
 * corpus. The site config's menus and redirects point at the demo's pages, which a
 * corpus does not have: links are reported as warnings (`--links warn`), not errors.
 */
async function buildOnce(siteRoot: string, outDir: string, reportFile: string, extra: string[] = []): Promise<Run> {
  const started = performance.now()
  await execFileAsync(process.execPath, [...contentBuildArgs(), '--root', siteRoot, '--out', outDir, '--quiet', '--links', 'warn', '--report', reportFile, ...extra], {
    cwd: root,
    env: { ...process.env, DOCS_V4_DIR: '', DOCS_V3_DIR: '' },
    maxBuffer: 64 * 1024 * 1024,
  })
  const report: Run = JSON.parse(await readFile(reportFile, 'utf8'))
  // The wait a user has: the whole process, Node's start and the build's imports included (the report's own clock starts after them).
  return { ...report, ms: performance.now() - started }
}

/** Saves timed in the dev server's rebuild, each after the last one's cache write has settled. */
const DEV_EDITS = 5

/**
 * The dev server's content side (content-build/vite/dev-content.ts, what `npm run dev` runs) on the
 * corpus site: built once (from the cache the builds above left), then one page saved
 * `DEV_EDITS` times, each rebuild timed from the save to the new site being ready to serve.
 */
async function devRebuildTimes(site: string, outDir: string, docsDir: string, edited: { path: string; content: string } | undefined): Promise<number[]> {
  if (!edited) return []
  const dev = await createDevContent({ root: site, project: root, config: siteConfig, outDir, env: { DOCS_V4_DIR: '', DOCS_V3_DIR: '' }, brokenLinks: 'warn' })
  await dev.rebuild()
  const times: number[] = []
  for (let i = 0; i < DEV_EDITS; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await writeFile(join(docsDir, edited.path), `${edited.content}\nSaved in the dev server, edit ${i + 1}.\n`)
    const started = performance.now()
    await dev.rebuild()
    times.push(performance.now() - started)
  }
  return times
}

async function benchSize(pages: number, runs: number, work: string): Promise<SizeResult> {
  const site = join(work, `site-${pages}`)
  const { docsDir, files } = await writeCorpusSite(site, pages)
  const sources = files.filter((f) => f.path.endsWith('.md')).map((f) => Buffer.from(f.content))
  const sourceBytes = sources.reduce((n, b) => n + b.length, 0)
  const results: Run[] = []
  const incremental: Run[] = []
  const edited = files.find((f) => f.path.endsWith('.md'))
  for (let i = 0; i < runs; i++) {
    process.stderr.write(`  ${pages} pages: run ${i + 1}/${runs}\n`)
    await rm(join(site, '.cache'), { recursive: true, force: true })
    results.push(await buildOnce(site, join(work, `dist-${pages}`), join(work, `report-${pages}-${i}.json`)))
    if (edited) await writeFile(join(docsDir, edited.path), `${edited.content}\nEdited in run ${i + 1}.\n`)
    incremental.push(await buildOnce(site, join(work, `dist-${pages}`), join(work, `report-${pages}-${i}-inc.json`)))
  }
  const devRebuilds = await devRebuildTimes(site, join(work, `dev-${pages}`), docsDir, edited)
  const docs = results[0]?.collections.find((c) => c.name === 'docsv4')
  const medianMs = median(results.map((r) => r.ms))
  const markdown = Buffer.concat(sources)
  const sourceGzip = gzipSync(markdown, { level: 9 }).length
  const sourceBrotli = brotliCompressSync(markdown, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
  // The build no longer compresses the SQL dump (browsers download the database file), so its gzip is measured here.
  const dumpGzip = gzipSync(await readFile(join(work, `dist-${pages}`, '__content', 'docsv4', 'sql_dump.txt')), { level: 9 }).length
  return {
    pages,
    sourceBytes,
    runs,
    medianMs: Math.round(medianMs),
    incrementalMs: Math.round(median(incremental.map((r) => r.ms))),
    devRebuildMs: Math.round(median(devRebuilds)),
    msPerPage: Number((medianMs / pages).toFixed(2)),
    peakRssMB: Math.round(Math.max(...results.map((r) => r.maxRssBytes)) / 1024 / 1024),
    dumpRawBytes: docs?.raw ?? 0,
    dumpGzipBytes: dumpGzip,
    gzipRatio: Number((dumpGzip / sourceBytes).toFixed(3)),
    // For scale: how well the Markdown itself compresses.
    sourceGzipRatio: Number((sourceGzip / sourceBytes).toFixed(3)),
    imageRawBytes: docs?.image.raw ?? 0,
    imageGzipBytes: docs?.image.gzip ?? 0,
    imageVsMarkdownGzip: Number(((docs?.image.gzip ?? 0) / sourceGzip).toFixed(3)),
    imageBrotliBytes: docs?.image.brotli ?? 0,
    imageBrotliVsMarkdownGzip: Number(((docs?.image.brotli ?? 0) / sourceGzip).toFixed(3)),
    imageBrotliVsMarkdownBrotli: Number(((docs?.image.brotli ?? 0) / sourceBrotli).toFixed(3)),
  }
}

async function main() {
  const sizes = (argument('sizes') ?? '100,1000,5000').split(',').map(Number)
  const runsArg = argument('runs')
  const work = await mkdtemp(join(tmpdir(), 'fjord-bench-'))
  const machine = `${availableParallelism()} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`
  process.stderr.write(`Content build benchmark on ${machine}\n`)
  try {
    const results: SizeResult[] = []
    for (const size of sizes) {
      results.push(await benchSize(size, runsArg ? Number(runsArg) : size >= 5000 ? 2 : 3, work))
    }

    // The real site (seed content): dump sizes per collection.
    const site = await buildOnce(root, join(work, 'dist-site'), join(work, 'report-site.json'), ['--no-cache'])

    const by = (n: number) => results.find((r) => r.pages === n)
    const checks = [
      by(1000) && { target: '1,000 pages <= 5 s (cold)', ok: (by(1000)?.medianMs ?? 0) <= TARGETS.ms1000 },
      by(5000) && { target: '5,000 pages <= 25 s (cold)', ok: (by(5000)?.medianMs ?? 0) <= TARGETS.ms5000 },
      by(5000) && { target: 'peak RSS at 5,000 <= 1 GB', ok: (by(5000)?.peakRssMB ?? 0) * 1024 * 1024 <= TARGETS.rss5000 },
      { target: 'gzip dump <= 35% of Markdown', ok: results.every((r) => r.gzipRatio <= TARGETS.gzipRatio) },
      { target: 'database file on the wire (brotli, as served) <= gzip of its Markdown', ok: results.every((r) => r.imageBrotliVsMarkdownGzip <= 1) },
    ].filter((c) => !!c)
    const incrementalChecks = [
      by(1000) && { target: '1,000 pages <= 5 s (one page edited)', ok: (by(1000)?.incrementalMs ?? 0) <= TARGETS.ms1000 },
      by(5000) && { target: '5,000 pages <= 25 s (one page edited)', ok: (by(5000)?.incrementalMs ?? 0) <= TARGETS.ms5000 },
      by(1000) && {
        target: `1,000 pages: dev server rebuild after one save <= ${TARGETS.devRebuildMs} ms (median)`,
        ok: (by(1000)?.devRebuildMs ?? Infinity) <= TARGETS.devRebuildMs,
      },
    ].filter((c) => !!c)
    checks.push(...incrementalChecks)
    const growth = by(1000) && by(5000) ? Number(((by(5000)?.medianMs ?? 0) / (by(1000)?.medianMs ?? 1)).toFixed(2)) : undefined

    console.log(`\nContent build (${machine})\n`)
    console.log(
      '| pages | runs | cold build (median) | ms/page | one page edited (median) | dev server, one page saved (median) | peak RSS | Markdown | dump raw | dump gzip | gzip / Markdown | db file raw | db file gzip / Markdown gzip | db file on the wire (brotli) / Markdown gzip | / Markdown brotli |',
    )
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
    for (const r of results) {
      console.log(
        `| ${r.pages.toLocaleString('en')} | ${r.runs} | ${(r.medianMs / 1000).toFixed(2)} s | ${r.msPerPage} | ${(r.incrementalMs / 1000).toFixed(2)} s | ${r.devRebuildMs} ms | ${r.peakRssMB} MB | ${kb(r.sourceBytes)} | ${kb(r.dumpRawBytes)} | ${kb(r.dumpGzipBytes)} | ${(r.gzipRatio * 100).toFixed(1)}% | ${kb(r.imageRawBytes)} | ${kb(r.imageGzipBytes)}, ${r.imageVsMarkdownGzip.toFixed(2)}× | ${kb(r.imageBrotliBytes)}, ${r.imageBrotliVsMarkdownGzip.toFixed(2)}× | ${r.imageBrotliVsMarkdownBrotli.toFixed(2)}× |`,
      )
    }
    if (growth !== undefined) console.log(`\nGrowth 1,000 -> 5,000 pages: x${growth} time for x5 pages.`)
    console.log('\nSeed site dumps per collection:\n')
    console.log('| collection | rows | dump raw | db file raw | gzip | brotli |')
    console.log('|---|---:|---:|---:|---:|---:|')
    for (const c of site.collections) console.log(`| ${c.name} | ${c.rows} | ${kb(c.raw)} | ${kb(c.image.raw)} | ${kb(c.image.gzip)} | ${kb(c.image.brotli)} |`)
    console.log('\nTargets:')
    for (const c of checks) console.log(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.target}`)

    const out = resolve(root, 'bench-results/content-build.json')
    await mkdir(dirname(out), { recursive: true })
    await writeFile(out, JSON.stringify({ date: new Date().toISOString(), machine, results, growth, site: site.collections, checks }, null, 2))
    console.log(`\nWrote ${out}`)
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

function kb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(0)} KB`
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
