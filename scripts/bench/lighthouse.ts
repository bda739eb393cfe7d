import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../testing/browser'
import { argument } from '../args'
import { startProductionServer } from './server'

/**
 * `npm run bench:lighthouse [-- --runs 3]`
 *
 * Lighthouse (the npm package, in Debian's Chromium) against the production server on
 * loopback: the home page, a docs page, /modules and a blog post, each in a fresh
 * browser, mobile with simulated throttling (Lighthouse's defaults). The median of
 * `runs` runs per category. Targets (issue 18): performance ≥ 95, accessibility 100,
 * best practices ≥ 95, SEO ≥ 95.
 */
const root = resolve(import.meta.dirname, '../..')
const PAGES = ['/', '/docs/4.x/getting-started/introduction', '/modules', '/blog/fjord-4']
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

async function audit(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS] })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { categories, audits } = result.lhr
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])) as Record<(typeof CATEGORIES)[number], number>
    // What cost points, so a miss names its cause.
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric' || a.scoreDisplayMode === 'metricSavings'))
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`)
    return { scores, lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN), failing }
  } finally {
    chrome.kill()
  }
}

async function main() {
  const runs = Number(argument('runs') ?? 3)
  const server = await startProductionServer()
  try {
    const results = []
    for (const path of PAGES) {
      const audits: Awaited<ReturnType<typeof audit>>[] = []
      for (let i = 0; i < runs; i++) audits.push(await audit(server.url + path))
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(audits.map((a) => a.scores[c]))])) as Record<(typeof CATEGORIES)[number], number>
      results.push({ path, scores, lcpMs: median(audits.map((a) => a.lcpMs)), failing: [...new Set(audits.flatMap((a) => a.failing))] })
    }
    console.log(`\nLighthouse 12 (mobile, simulated throttling; Chromium; median of ${runs})\n`)
    console.log(`| page | performance | accessibility | best practices | SEO | LCP |`)
    console.log('|---|---:|---:|---:|---:|---:|')
    const mark = (c: (typeof CATEGORIES)[number], score: number) => `${score}${score >= TARGETS[c] ? '' : ` (target ${TARGETS[c]}: FAIL)`}`
    for (const r of results) {
      console.log(`| ${r.path} | ${CATEGORIES.map((c) => mark(c, r.scores[c])).join(' | ')} | ${(r.lcpMs / 1000).toFixed(1)} s |`)
    }
    for (const r of results) if (r.failing.length) console.log(`\n${r.path}: ${r.failing.join(', ')}`)
    const out = resolve(root, 'bench-results/lighthouse.json')
    await mkdir(dirname(out), { recursive: true })
    await writeFile(out, JSON.stringify({ date: new Date().toISOString(), runs, results }, null, 2))
    console.log(`\nWrote ${out}`)
  } finally {
    server.child.kill('SIGTERM')
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
