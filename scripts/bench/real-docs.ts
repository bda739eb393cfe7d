import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

import { contentBuildArgs } from '../../testing/content-build-command'
import { createFixture } from '../../testing/fixture-site'
import { realDocsMissing, realTrees } from '../../testing/real-docs'
import { argument } from '../args'
import { median } from './server'

/**
 * `npm run bench:real-docs [-- --runs 5]`: the content build of each real docs tree
 * (testing/real-docs.ts) as the 4.x docs of an otherwise empty site, cold (no build
 * cache), in a child process as `npm run build` runs it: the median wall time from
 * start to exit, the peak memory and the pages built. VitePress's docs are built twice,
 * both the ~300-page real tree: as the tree is (its eight languages, each a docs collection
 * of its own), and with every locale folder built as folders of one tree (a copy whose
 * config has no `locales`). The two take the same time when a build grows with its pages,
 * not with its languages × pages. Writes bench-results/real-docs.json.
 */

const execFileAsync = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')
/** A cold build of a ~300-page real tree, from start to exit. */
const TARGET_MS_300 = 10_000

interface TreeResult {
  tree: string
  pages: number
  /** Its docs collections: one per language. */
  collections: number
  runs: number
  medianMs: number
  peakRssMB: number
}

async function benchTree(name: string, docsDir: string, site: string, runs: number, work: string): Promise<TreeResult> {
  const times: number[] = []
  const rss: number[] = []
  let pages = 0
  let collections = 0
  for (let i = 0; i < runs; i++) {
    process.stderr.write(`  ${name}: run ${i + 1}/${runs}\n`)
    const report = join(work, `${name}-${i}.json`)
    const started = performance.now()
    // The project's site config links its own 3.x docs and sections, which this otherwise empty site lacks: reported, not fatal.
    await execFileAsync(
      process.execPath,
      [...contentBuildArgs(), '--root', site, '--out', join(work, `dist-${name}`), '--quiet', '--no-cache', '--report', report, '--links', 'warn'],
      {
        cwd: root,
        env: { ...process.env, DOCS_V4_DIR: docsDir, DOCS_V3_DIR: '' },
        maxBuffer: 64 * 1024 * 1024,
      },
    )
    times.push(performance.now() - started)
    const written = JSON.parse(await readFile(report, 'utf8')) as { maxRssBytes: number; collections: { name: string; rows: number }[] }
    rss.push(written.maxRssBytes)
    const docs = written.collections.filter((c) => c.name.startsWith('docsv4'))
    pages = docs.reduce((sum, c) => sum + c.rows, 0)
    collections = docs.length
  }
  return { tree: name, pages, collections, runs, medianMs: Math.round(median(times)), peakRssMB: Math.round(Math.max(...rss) / 1024 / 1024) }
}

/** VitePress's docs with its `locales` renamed away in a copy: every locale folder builds as part of one tree. */
async function allLocalesCopy(work: string): Promise<string> {
  const copy = join(work, 'vitepress-all-locales')
  await cp(realTrees.vitepress, copy, { recursive: true })
  const config = join(copy, '.vitepress/config.ts')
  const text = await readFile(config, 'utf8')
  if (!/^\s*locales: \{/m.test(text)) throw new Error(`${config} has no "locales: {" to leave out`)
  await writeFile(config, text.replace(/^(\s*)locales: \{/m, '$1_locales: {'))
  return copy
}

async function main() {
  if (realDocsMissing) {
    console.log(realDocsMissing)
    return
  }
  const runs = Number(argument('runs') ?? 5)
  const work = await mkdtemp(join(tmpdir(), 'bench-real-docs-'))
  // A site with every collection folder empty: the build's time is the tree's.
  const fixture = await createFixture()
  const site = fixture.root
  try {
    const results = [
      await benchTree('nuxt-content', realTrees.nuxtContent, site, runs, work),
      await benchTree('vitepress', realTrees.vitepress, site, runs, work),
      await benchTree('vitepress-all-locales', await allLocalesCopy(work), site, runs, work),
    ]
    console.log('\n| tree | pages | languages | cold build (median) | per page | peak memory |')
    console.log('|---|---:|---:|---:|---:|---:|')
    for (const r of results)
      console.log(`| ${r.tree} | ${r.pages} | ${r.collections} | ${(r.medianMs / 1000).toFixed(2)} s | ${(r.medianMs / Math.max(1, r.pages)).toFixed(1)} ms | ${r.peakRssMB} MB |`)
    const [, locales, oneTree] = results
    if (locales && oneTree)
      console.log(`\nlanguages as locales / as one tree: ${(locales.medianMs / oneTree.medianMs).toFixed(2)}× (1.00× when the build grows with pages, not languages × pages)`)
    const full = results.at(-1)
    if (full)
      console.log(
        `\n~300-page real tree: ${(full.medianMs / 1000).toFixed(2)} s for ${full.pages} pages (target < ${TARGET_MS_300 / 1000} s: ${full.medianMs < TARGET_MS_300 ? 'met' : 'not met'})`,
      )
    await mkdir(join(root, 'bench-results'), { recursive: true })
    await writeFile(join(root, 'bench-results', 'real-docs.json'), JSON.stringify({ date: new Date().toISOString(), runs, results, targetMs300: TARGET_MS_300 }, null, 2))
  } finally {
    await rm(work, { recursive: true, force: true })
    await fixture.cleanup()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
