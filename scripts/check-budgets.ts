import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

import { z } from 'zod'

import { readViteManifest, staticChunks, type ViteManifest } from '../content-build/outputs/vite-manifest'
import { normalizeBase, stripBase } from '../src/contract/base'
import { isRecord } from '../src/contract/is-record'
import { argument } from './args'

/**
 * `tsx scripts/check-budgets.ts [--dist dist] [--budgets budgets.json] [--quiet] [--pages]`, run
 * by `npm run build` twice, against the budgets kept in `budgets.json`:
 * - right after the app build: what each kind of route loads (the entry with its static
 *   imports and CSS, the route's own modules with theirs, and for routes that query content
 *   in the browser the database worker and sql.js's WebAssembly), gzipped;
 * - with `--pages`, once the content build has written every page: what the route's example
 *   page fetches before its first paint (its HTML and the stylesheets, images and scripts
 *   it names before the app starts), and the JavaScript among them.
 * A route over one of its budgets fails the build, saying which and by how much. The table
 * of every route's sizes is left out with `--quiet` (as `npm run build` runs it).
 */

const budgetSchema = z.object({
  js: z.number().positive(),
  css: z.number().positive(),
  wasm: z.number().nonnegative(),
  /** Everything the example page the build draws fetches before its first paint (`--pages`). */
  beforePaint: z.number().positive().optional(),
  /** The JavaScript among it (`--pages`). */
  jsBeforePaint: z.number().nonnegative().optional(),
})
export const budgetsFileSchema = z.object({
  routes: z.record(
    z.string(),
    z.object({
      /** An example URL of this kind of route (for the report). */
      example: z.string().startsWith('/'),
      /** Source files of the route's lazy modules, as keys of Vite's manifest. */
      modules: z.array(z.string()),
      /** Whether the route starts the database worker (sql.js and its WebAssembly). */
      database: z.boolean(),
      /** Gzipped kilobytes (1,024 bytes). */
      budget: budgetSchema,
    }),
  ),
})
export type BudgetsFile = z.infer<typeof budgetsFileSchema>

export type { ViteManifest } from '../content-build/outputs/vite-manifest'

export interface RouteFiles {
  js: string[]
  css: string[]
  wasm: string[]
}

/** The files a route loads first: the entry and the route's modules, each with its static imports and CSS. */
export function routeFiles(manifest: ViteManifest, modules: readonly string[], database: { worker?: string; wasm?: string } | undefined): RouteFiles {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)
  if (!entry) throw new Error('the build has no entry chunk')
  const chunks = [...staticChunks(manifest, [entry[0], ...modules]).values()]
  const js = new Set(chunks.map((chunk) => chunk.file))
  const css = new Set(chunks.flatMap((chunk) => chunk.css ?? []))
  if (database?.worker) js.add(database.worker)
  return { js: [...js].sort(), css: [...css].sort(), wasm: database?.wasm ? [database.wasm] : [] }
}

type Kind = 'js' | 'css' | 'wasm' | 'beforePaint' | 'jsBeforePaint'

export interface RouteSizes {
  route: string
  example: string
  sizes: Partial<Record<Kind, number>>
  budget: Partial<Record<Kind, number>>
}

/** The build's Vite manifest, and the database worker's and WebAssembly's files (`_app/…`). */
export async function readBuild(dist: string): Promise<{ manifest: ViteManifest; database: { worker?: string; wasm?: string } }> {
  const manifest = await readViteManifest(dist)
  const app = await readdir(join(dist, '_app'))
  const file = (found: string | undefined) => (found ? `_app/${found}` : undefined)
  return { manifest, database: { worker: file(app.find((f) => f.startsWith('db.worker-') && f.endsWith('.js'))), wasm: file(app.find((f) => f.endsWith('.wasm'))) } }
}

const KINDS = {
  js: 'JavaScript',
  css: 'CSS',
  wasm: 'WebAssembly',
  beforePaint: 'what its page fetches before the first paint',
  jsBeforePaint: 'JavaScript before the first paint',
} as const satisfies Record<Kind, string>
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** One line per budget exceeded: which route, what, how big, by how much. */
export function overBudget(results: readonly RouteSizes[]): string[] {
  return results.flatMap((r) =>
    (Object.keys(KINDS) as Kind[]).flatMap((kind) => {
      const [size, budget] = [r.sizes[kind], r.budget[kind]]
      if (size === undefined || budget === undefined || size <= budget) return []
      return [`budget exceeded: "${r.route}" ${KINDS[kind]} is ${kb(size)} gzip, ${kb(size - budget)} over its budget of ${kb(budget)}`]
    }),
  )
}

/** Where a page's HTML names a file it fetches before the app starts: stylesheets, preloaded images, images, scripts and module preloads. */
const FETCHED = /<link\b[^>]*\brel="(?:stylesheet|preload|modulepreload)"[^>]*>|<img\b[^>]*>|<script\b[^>]*\bsrc="[^"]*"[^>]*>/g

/**
 * The files a built page fetches before its first paint, named by its HTML (`dist`
 * paths, each once), and which of them are scripts. Inline scripts run there, but fetch
 * nothing: the app they start is fetched after the paint.
 */
export function filesBeforePaint(html: string, base: string): { files: string[]; scripts: string[] } {
  const files = new Set<string>()
  const scripts = new Set<string>()
  for (const [tag] of html.matchAll(FETCHED)) {
    // An image loaded lazily is fetched once scrolled near, not for the first paint.
    if (tag.includes('loading="lazy"')) continue
    const url = /\b(?:href|src)="([^"]+)"/.exec(tag)?.[1]
    if (!url || /^[a-z]+:|^\/\//i.test(url)) continue
    const file = stripBase(base, url.split(/[?#]/)[0] ?? url).replace(/^\//, '')
    files.add(file)
    if (tag.startsWith('<script') || tag.includes('rel="modulepreload"')) scripts.add(file)
  }
  return { files: [...files], scripts: [...scripts] }
}

async function main() {
  const root = resolve(import.meta.dirname, '..')
  const dist = resolve(root, argument('dist') ?? 'dist')
  const budgetsPath = resolve(root, argument('budgets') ?? 'budgets.json')
  const pages = process.argv.includes('--pages')
  const budgets = budgetsFileSchema.parse(JSON.parse(await readFile(budgetsPath, 'utf8')))
  const gzipped = new Map<string, number>()
  const size = async (file: string) => {
    let bytes = gzipped.get(file)
    if (bytes === undefined) {
      bytes = gzipSync(await readFile(join(dist, file)), { level: 9 }).length
      gzipped.set(file, bytes)
    }
    return bytes
  }
  const total = async (files: string[]) => (await Promise.all(files.map(size))).reduce((a, b) => a + b, 0)
  const results: RouteSizes[] = []
  /** A budget's kilobytes as bytes (a budget not set stays unset). */
  const bytes = <T extends number | undefined>(kb: T) => (kb === undefined ? kb : kb * 1024) as T
  if (pages) {
    const base = await readBase(dist)
    for (const [route, spec] of Object.entries(budgets.routes)) {
      const { beforePaint, jsBeforePaint } = spec.budget
      if (beforePaint === undefined && jsBeforePaint === undefined) continue
      const page = join(spec.example.replace(/^\//, ''), 'index.html')
      // Another site's content may not have the demo's example page: nothing to measure there.
      if (!existsSync(join(dist, page))) {
        console.warn(`budgets.json: "${route}" not checked before the first paint: this build has no page ${spec.example}`)
        continue
      }
      const named = filesBeforePaint(await readFile(join(dist, page), 'utf8'), base)
      results.push({
        route,
        example: spec.example,
        sizes: { beforePaint: (await size(page)) + (await total(named.files)), jsBeforePaint: await total(named.scripts) },
        budget: { beforePaint: bytes(beforePaint), jsBeforePaint: bytes(jsBeforePaint) },
      })
    }
  } else {
    const { manifest, database } = await readBuild(dist)
    for (const [route, spec] of Object.entries(budgets.routes)) {
      const files = routeFiles(manifest, spec.modules, spec.database ? database : undefined)
      const budget = { js: bytes(spec.budget.js), css: bytes(spec.budget.css), wasm: bytes(spec.budget.wasm) }
      results.push({ route, example: spec.example, sizes: { js: await total(files.js), css: await total(files.css), wasm: await total(files.wasm) }, budget })
    }
  }
  if (!process.argv.includes('--quiet')) {
    const kinds: Kind[] = pages ? ['beforePaint', 'jsBeforePaint'] : ['js', 'css', 'wasm']
    console.log(pages ? '\nBefore the first paint, by route (gzip), against budgets.json' : '\nFirst load by route (gzip), against budgets.json')
    console.log(`| route | ${kinds.map((kind) => KINDS[kind]).join(' | ')} |`)
    console.log(`|---|${kinds.map(() => '---:').join('|')}|`)
    for (const r of results) console.log(`| ${r.route} (${r.example}) | ${kinds.map((kind) => `${kb(r.sizes[kind] ?? 0)} / ${kb(r.budget[kind] ?? 0)}`).join(' | ')} |`)
  }
  const over = overBudget(results)
  if (over.length) {
    for (const line of over) console.error(line)
    console.error(`(budgets: ${budgetsPath})`)
    process.exit(1)
  }
}

/** The base path the build was made for (`builds/latest.json`), which its pages' URLs carry. */
async function readBase(dist: string): Promise<string> {
  const latest: unknown = JSON.parse(await readFile(join(dist, 'builds', 'latest.json'), 'utf8'))
  const base = isRecord(latest) && typeof latest.base === 'string' ? latest.base : '/'
  return normalizeBase(base)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
