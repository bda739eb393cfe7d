import { existsSync } from 'node:fs'
import { cp, writeFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'

import { privateDir, WARNINGS_FILE } from '../src/contract/content/build-output'
import { SiteConfigError } from '../src/contract/site-schema'
import { buildContent, CONTENT_BUILD_VERSION } from './build'
import { buildSalt } from './cache'
import { ContentBuildError, warningLines, WARNINGS_SHOWN } from './errors'
import { treeLocaleWarning, withTreeLocales } from './formats/tree-locales'
import { loadSqlJs } from './outputs/image'
import { writeOutputs } from './outputs/write'
import { PrerenderCache } from './prerender/cache'
import { PrerenderLoadError } from './prerender/load'
import { createPrerenderer } from './prerender/pool'

/**
 * `content-build [--out dist] [--drafts] [--workers N] [--no-cache] [--root DIR] [--links warn] [--imported-links error] [--prerender FILE] [--sizes]`:
 * compiles content/ into dist/. With `--prerender` (the `vite build --ssr` bundle of
 * src/prerender.tsx), each docs page's index.html carries its rendered markup. Unchanged files reuse their results from the last
 * build (.cache/content-build), keyed by content and by the build's own code.
 * Exits 1 with every problem listed (file:line  field: message) when content is invalid.
 * Prints its progress, its warnings and a summary line; `--sizes` adds each
 * collection's database size and the service worker's precache.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'dist' },
      drafts: { type: 'boolean', default: false },
      workers: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      sizes: { type: 'boolean', default: false },
      // Machine-readable timings and sizes, for the benchmark.
      report: { type: 'string' },
      // 'warn' reports dead internal links without failing (first build of a foreign docs tree).
      links: { type: 'string', default: process.env.CONTENT_BROKEN_LINKS ?? 'error' },
      // The same for docs trees read from another checkout (DOCS_V4_DIR…): warnings unless asked.
      'imported-links': { type: 'string', default: process.env.CONTENT_IMPORTED_BROKEN_LINKS ?? 'warn' },
      // Rebuild every file, ignoring results kept from earlier builds.
      'no-cache': { type: 'boolean', default: false },
      // Folder holding content/ and public/ (default: this project); site.config.ts is always this project's.
      root: { type: 'string' },
      // The SSR bundle that renders docs pages into their index.html.
      prerender: { type: 'string' },
    },
  })
  const project = process.cwd()
  const root = resolve(project, values.root ?? '.')
  const log = values.quiet ? () => {} : (message: string) => process.stderr.write(`${message}\n`)
  if (values.links !== 'error' && values.links !== 'warn') throw new UsageError(`--links must be "error" or "warn", not "${values.links}"`)
  const brokenLinks = values.links
  const importedBrokenLinks = values['imported-links']
  if (importedBrokenLinks !== 'error' && importedBrokenLinks !== 'warn') throw new UsageError(`--imported-links must be "error" or "warn", not "${importedBrokenLinks}"`)
  const started = performance.now()
  // Imported here, not above: an invalid config is reported as such (SiteConfigError, below).
  const { default: ownConfig } = await import('../site.config')
  // With the locales its docs trees bring (a VitePress tree's `locales`), as the app was built with them.
  const { config, skipped } = await withTreeLocales(ownConfig, { root, env: process.env })
  const cacheDir = resolve(root, '.cache/content-build')
  const salt = values['no-cache'] ? undefined : await buildSalt(project, CONTENT_BUILD_VERSION)
  const workers = values.workers === undefined ? undefined : Number(values.workers)
  // Ready for the database files by the time the pages are processed (a failure shows where they are written).
  loadSqlJs().catch(() => {})
  const output = await buildContent({
    root,
    config,
    drafts: values.drafts,
    brokenLinks,
    importedBrokenLinks,
    log,
    ...(salt === undefined ? {} : { cache: { dir: cacheDir, salt } }),
    ...(workers === undefined ? {} : { workers }),
  })
  output.warnings.unshift(...skipped.map(treeLocaleWarning))
  for (const line of warningLines(output.warnings)) process.stderr.write(`${line}\n`)
  const prerenderFile = values.prerender ? resolve(project, values.prerender) : undefined
  const prerenderer = prerenderFile ? await createPrerenderer(prerenderFile, { pages: output.pages.length, ...(workers === undefined ? {} : { workers }) }) : undefined
  const prerenderCache = prerenderFile && salt !== undefined ? await PrerenderCache.open(join(cacheDir, 'prerender'), salt, prerenderFile) : undefined
  const out = resolve(project, values.out)
  // Content from another folder ships with its own public/ files (the ones its links were checked against).
  if (root !== project && existsSync(join(root, 'public'))) await cp(join(root, 'public'), out, { recursive: true })
  const written = await writeOutputs(output, out, config, CONTENT_BUILD_VERSION, {
    prerender: prerenderer ? { docs: prerenderer.render, route: prerenderer.renderRoute } : undefined,
    prerenderCache,
  }).finally(() => prerenderer?.close())
  if (output.warnings.length > WARNINGS_SHOWN) {
    const file = join(privateDir(out), WARNINGS_FILE)
    const shown = relative(project, file)
    process.stderr.write(`every warning: ${shown.startsWith('..') ? file : shown}\n`)
  }
  if (values.report) {
    const report = {
      ms: performance.now() - started,
      // maxRSS covers the whole process, worker threads included (kilobytes on Linux).
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
      files: output.collections.reduce((n, c) => n + c.rows.length, 0),
      collections: written.collections,
    }
    await writeFile(values.report, JSON.stringify(report))
  }
  if (values.sizes) {
    const kb = (n: number) => (n / 1024).toFixed(1).padStart(9)
    log(`\n${'collection'.padEnd(16)}${'rows'.padStart(6)}${'SQL KB'.padStart(10)}${'file KB'.padStart(10)}${'gzip'.padStart(10)}${'br'.padStart(10)}`)
    for (const c of written.collections) log(`${c.name.padEnd(16)}${String(c.rows).padStart(6)} ${kb(c.raw)} ${kb(c.image.raw)} ${kb(c.image.gzip)} ${kb(c.image.brotli)}`)
    if (written.serviceWorker) log(`\nservice worker: ${written.serviceWorker.files} files precached, ${(written.serviceWorker.bytes / 1024).toFixed(0)} KB`)
  }
  if (!values.quiet) {
    log(
      `\n${written.payloads} payloads${prerenderCache ? ` (${prerenderCache.hits} prerendered pages from the cache)` : ''}, build ${written.buildId}, ${output.warnings.length} warnings, ${output.brokenLinks} broken links, ${((performance.now() - started) / 1000).toFixed(2)} s`,
    )
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof ContentBuildError || error instanceof SiteConfigError || error instanceof UsageError || error instanceof PrerenderLoadError) {
    process.stderr.write(`\n${error.message}\n`)
  } else {
    process.stderr.write(`\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  }
  process.exit(1)
})
