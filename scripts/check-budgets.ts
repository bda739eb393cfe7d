import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

import { z } from 'zod'

import { readViteManifest, staticChunks, type ViteManifest } from '../content-build/outputs/vite-manifest'
import { argument } from './args'

/**
 * `tsx scripts/check-budgets.ts [--dist dist] [--budgets budgets.json] [--quiet]`, run by
 * `npm run build` right after the app build: what each kind of route loads first
 * (the entry with its static imports and CSS, the route's own modules with theirs,
 * and for routes that query content in the browser the database worker and sql.js's
 * WebAssembly), gzipped, against the budgets kept in `budgets.json`. A route over one
 * of its budgets fails the build, saying which and by how much. The table of every
 * route's sizes is left out with `--quiet` (as `npm run build` runs it).
 */

const budgetSchema = z.object({ js: z.number().positive(), css: z.number().positive(), wasm: z.number().nonnegative() })
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

export interface RouteSizes {
  route: string
  example: string
  sizes: { js: number; css: number; wasm: number }
  budget: { js: number; css: number; wasm: number }
}

/** The build's Vite manifest, and the database worker's and WebAssembly's files (`_app/…`). */
export async function readBuild(dist: string): Promise<{ manifest: ViteManifest; database: { worker?: string; wasm?: string } }> {
  const manifest = await readViteManifest(dist)
  const app = await readdir(join(dist, '_app'))
  const file = (found: string | undefined) => (found ? `_app/${found}` : undefined)
  return { manifest, database: { worker: file(app.find((f) => f.startsWith('db.worker-') && f.endsWith('.js'))), wasm: file(app.find((f) => f.endsWith('.wasm'))) } }
}

const KINDS = { js: 'JavaScript', css: 'CSS', wasm: 'WebAssembly' } as const
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** One line per budget exceeded: which route, what, how big, by how much. */
export function overBudget(results: readonly RouteSizes[]): string[] {
  return results.flatMap((r) =>
    (Object.keys(KINDS) as (keyof typeof KINDS)[])
      .filter((kind) => r.sizes[kind] > r.budget[kind])
      .map((kind) => `budget exceeded: "${r.route}" ${KINDS[kind]} is ${kb(r.sizes[kind])} gzip, ${kb(r.sizes[kind] - r.budget[kind])} over its budget of ${kb(r.budget[kind])}`),
  )
}

async function main() {
  const root = resolve(import.meta.dirname, '..')
  const dist = resolve(root, argument('dist') ?? 'dist')
  const budgetsPath = resolve(root, argument('budgets') ?? 'budgets.json')
  const budgets = budgetsFileSchema.parse(JSON.parse(await readFile(budgetsPath, 'utf8')))
  const { manifest, database } = await readBuild(dist)
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
  for (const [route, spec] of Object.entries(budgets.routes)) {
    const files = routeFiles(manifest, spec.modules, spec.database ? database : undefined)
    const budget = { js: spec.budget.js * 1024, css: spec.budget.css * 1024, wasm: spec.budget.wasm * 1024 }
    results.push({ route, example: spec.example, sizes: { js: await total(files.js), css: await total(files.css), wasm: await total(files.wasm) }, budget })
  }
  if (!process.argv.includes('--quiet')) {
    console.log('\nFirst load by route (gzip), against budgets.json')
    console.log('| route | JavaScript | CSS | WebAssembly |')
    console.log('|---|---:|---:|---:|')
    for (const r of results) {
      const cell = (kind: keyof typeof KINDS) => `${kb(r.sizes[kind])} / ${kb(r.budget[kind])}`
      console.log(`| ${r.route} (${r.example}) | ${cell('js')} | ${cell('css')} | ${cell('wasm')} |`)
    }
  }
  const over = overBudget(results)
  if (over.length) {
    for (const line of over) console.error(line)
    console.error(`(budgets: ${budgetsPath})`)
    process.exit(1)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
