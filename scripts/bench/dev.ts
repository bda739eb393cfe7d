import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

import type { Page } from 'playwright-core'

import { pathFromFile } from '../../content-build/formats/paths'
import { launchBrowser } from '../../testing/browser'
import { type DevServer, now, startDevServer } from '../../testing/dev-server'
import { argument } from '../args'
import { writeCorpusSite } from './corpus-site'

/**
 * `npm run bench:dev [-- --runs 7 --pages 1000]`
 *
 * A save in `npm run dev` as a developer sees it: the dev server started as
 * `npm run dev` starts it, in a process of its own, its docs 4.x read through
 * DOCS_V4_DIR from a generated corpus of `pages` pages, and a deep page of that corpus
 * open in Chromium. Each run writes a new sentence into the page's Markdown and times
 * from just before the write to the sentence in the page's `#root main` text: the
 * watcher, the content rebuild, the plugin's message to the page and the app reading
 * the new build and drawing the page in place (a reload only after an error). The dev
 * server's own `content rebuilt (X s)` line splits the time between the build and the
 * page. Prints a table and writes bench-results/dev.json.
 */
const root = resolve(import.meta.dirname, '../..')
/** Issue 15's target for a save in the dev server at 1,000 pages, now as a developer sees it (issue 48): on screen within a second, median. */
const TARGET_MS = 1000
/** How long the page is left alone after each update (a second rebuild, the app's own fetches) before the next save. */
const SETTLE_MS = 2000
/** A save not on screen by then is a bug in the dev server, not a slow run. */
const SAVE_TIMEOUT_MS = 60_000

interface Sample {
  /** Save → sentence in the page. */
  totalMs: number
  /** The plugin's own time for the rebuild the save started (its log line). */
  rebuildMs: number
  /** Save → the rebuild's log line read here: the watcher's debounce, the rebuild, the log. */
  savedToRebuiltMs: number
  /** The rebuild's log line → sentence in the page: the plugin's message, the app reading the new build and drawing it. */
  rebuiltToDrawnMs: number
  /** Whether the page reloaded to show it (it takes a save in place unless it showed an error). */
  reloaded: boolean
  /** Content builds the save caused (two when the watcher saw the write twice and a build was under way). */
  builds: number
  /** Vite restarts during the run (another process changed a config file): the run does not count then. */
  restarts: number
}

const round = (n: number) => Math.round(n)
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2
}
const stats = (values: number[]) => ({ median: round(median(values)), min: round(Math.min(...values)), max: round(Math.max(...values)) })

/** A page two folders down in the corpus (section, subsection, page), the middle one in reading order. */
function deepPage(paths: string[]): string {
  const deep = paths.filter((p) => p.endsWith('.md') && p.split('/').length === 3 && !p.endsWith('/index.md'))
  const sorted = deep.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
  const page = sorted[Math.floor(sorted.length / 2)]
  if (!page) throw new Error('the corpus has no page two folders down')
  return page
}

/** The Markdown with `sentence` as the body's first paragraph, right after the front matter. */
function withSentence(markdown: string, sentence: string): string {
  const end = markdown.indexOf('\n---\n', 4)
  if (!markdown.startsWith('---\n') || end === -1) return `${sentence}\n\n${markdown}`
  return `${markdown.slice(0, end + 5)}\n${sentence}\n${markdown.slice(end + 5)}`
}

interface Seen {
  /** When the page saw the text (wall clock, as `now()`). */
  drawnAt: number
  /** When that document's navigation began: another value than before the save if the page reloaded. */
  documentAt: number
}

/** Waits for `text` in the page's main content, across reloads (polled every frame), and says when the page saw it. */
async function waitForText(page: Page, text: string): Promise<Seen> {
  const handle = await page.waitForFunction(
    (expected): Seen | false => {
      if (!document.querySelector('#root main')?.textContent?.includes(expected)) return false
      return { drawnAt: performance.timeOrigin + performance.now(), documentAt: performance.timeOrigin }
    },
    text,
    { timeout: SAVE_TIMEOUT_MS, polling: 'raf' },
  )
  const seen = await handle.jsonValue()
  // waitForFunction resolves on a truthy value only.
  if (!seen) throw new Error(`'${text}' was not in the page`)
  return seen
}

async function timeSave(page: Page, dev: DevServer, file: string, original: string, sentence: string): Promise<Sample> {
  const buildsBefore = dev.rebuilds.length
  const restartsBefore = dev.restarts()
  const documentBefore = await page.evaluate(() => performance.timeOrigin)
  const savedAt = now()
  await writeFile(file, withSentence(original, sentence))
  const seen = await waitForText(page, sentence).catch((error: unknown) => {
    throw new Error(`the save did not show in the open page within ${SAVE_TIMEOUT_MS / 1000} s (${String(error)}); the dev server said:\n${dev.tail()}`)
  })
  await page.waitForTimeout(SETTLE_MS)
  const rebuild = dev.rebuilds[buildsBefore]
  if (!rebuild) throw new Error(`the page showed the save, but the dev server logged no 'content rebuilt' line for it:\n${dev.tail()}`)
  return {
    totalMs: seen.drawnAt - savedAt,
    rebuildMs: rebuild.ms,
    savedToRebuiltMs: rebuild.at - savedAt,
    rebuiltToDrawnMs: seen.drawnAt - rebuild.at,
    reloaded: seen.documentAt !== documentBefore,
    builds: dev.rebuilds.length - buildsBefore,
    restarts: dev.restarts() - restartsBefore,
  }
}

async function main() {
  const runs = Number(argument('runs') ?? 7)
  const pages = Number(argument('pages') ?? 1000)
  const work = await mkdtemp(join(tmpdir(), 'fjord-bench-dev-'))
  const browser = await launchBrowser()
  const machine = `${availableParallelism()} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, Chromium ${browser.version()}`
  let dev: DevServer | undefined
  try {
    process.stderr.write(`Dev server save → page updated, ${pages.toLocaleString('en')} pages, on ${machine}\n`)
    const { docsDir, files } = await writeCorpusSite(join(work, 'site'), pages)
    const edited = deepPage(files.map((f) => f.path))
    const file = join(docsDir, edited)
    const original = await readFile(file, 'utf8')
    const path = pathFromFile(edited, '/docs/4.x')

    process.stderr.write('  starting npm run dev…\n')
    dev = await startDevServer(docsDir)
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    // tsx names the functions handed to the page; the page has no __name of its own.
    await context.addInitScript('globalThis.__name = (fn) => fn')
    const page = await context.newPage()
    const opened = now()
    await page.goto(dev.url + path)
    await waitForText(page, original.match(/^title: (.*)$/m)?.[1]?.replace(/^"|"$/g, '') ?? '').catch((error: unknown) => {
      throw new Error(`${path} did not open within ${SAVE_TIMEOUT_MS / 1000} s (${String(error)}); the dev server said:\n${dev?.tail()}`)
    })
    const firstLoadMs = now() - opened
    // Vite may reload the page once it has optimized dependencies it found on the first visit.
    await page.waitForTimeout(SETTLE_MS)

    // Unique to this run of the bench, so no cached build has seen the page's text.
    const token = Date.now().toString(36)
    const samples: Sample[] = []
    for (let i = 0; i < runs; i++) {
      const sample = await timeSave(page, dev, file, original, `Saved by bench:dev ${token}, run ${i + 1}.`)
      samples.push(sample)
      const note = sample.restarts ? ` (Vite restarted ${sample.restarts}× meanwhile: a config file changed)` : ''
      process.stderr.write(
        `  save ${i + 1}/${runs}: ${round(sample.totalMs)} ms (rebuild ${round(sample.rebuildMs)} ms, rebuilt → drawn ${round(sample.rebuiltToDrawnMs)} ms${sample.reloaded ? ', reloaded' : ''})${note}\n`,
      )
    }
    const counted = samples.filter((s) => s.restarts === 0)
    if (counted.length === 0) throw new Error('Vite restarted during every run (a config file kept changing): measure again on a quiet checkout')
    const of = (key: 'totalMs' | 'savedToRebuiltMs' | 'rebuildMs' | 'rebuiltToDrawnMs') => stats(counted.map((s) => s[key]))
    const result = {
      totalMs: of('totalMs'),
      savedToRebuiltMs: of('savedToRebuiltMs'),
      rebuildMs: of('rebuildMs'),
      rebuiltToDrawnMs: of('rebuiltToDrawnMs'),
      reloads: counted.filter((s) => s.reloaded).length,
      serverReadyMs: round(dev.readyMs),
      firstLoadMs: round(firstLoadMs),
    }
    const checks = [{ target: `${pages.toLocaleString('en')} pages: save → page updated in the browser ≤ ${TARGET_MS} ms (median)`, ok: result.totalMs.median <= TARGET_MS }]

    console.log(`\nDev server, ${pages.toLocaleString('en')} docs pages: a save of ${edited} seen in ${path} (${machine}; ${counted.length} saves)\n`)
    console.log('| from → to | median | min | max |')
    console.log('|---|---:|---:|---:|')
    const rows: [string, { median: number; min: number; max: number }][] = [
      ['save → page updated in the browser', result.totalMs],
      ['save → rebuild logged (watcher, rebuild)', result.savedToRebuiltMs],
      ['the rebuild, as the dev server times it', result.rebuildMs],
      [`rebuild logged → page drawn with the save (${result.reloads} of ${counted.length} by a reload)`, result.rebuiltToDrawnMs],
    ]
    for (const [name, v] of rows) console.log(`| ${name} | ${v.median} ms | ${v.min} ms | ${v.max} ms |`)
    console.log(
      `\nnpm run dev printed its URL ${(result.serverReadyMs / 1000).toFixed(1)} s after it started; the page's first load took ${(result.firstLoadMs / 1000).toFixed(1)} s.`,
    )
    console.log('\nTargets:')
    for (const c of checks) console.log(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.target}`)

    const out = resolve(root, 'bench-results/dev.json')
    await mkdir(dirname(out), { recursive: true })
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
    await writeFile(out, JSON.stringify({ date: new Date().toISOString(), commit, machine, pages, page: path, file: edited, runs, result, samples, checks }, null, 2))
    console.log(`\nWrote ${out}`)
  } finally {
    await browser.close()
    await dev?.stop()
    await rm(work, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
