import { existsSync } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

import { hash } from './dump'
import { patchedFromMarkdown } from './markdown/from-markdown-patch'

const tsWorker = new URL('../scripts/ts-worker.mjs', import.meta.url)
/** Inside the project, so the bundle's package imports resolve to its node_modules. */
const bundleDir = new URL('../.cache/workers/', import.meta.url)
/** Bundles of older code are removed once they are this old (a build running now may still be starting one). */
const STALE_MS = 24 * 60 * 60 * 1000

const bundles = new Map<string, Promise<URL | undefined>>()

/**
 * Starts a worker thread on a TypeScript module. A worker does not inherit the
 * process's TypeScript loader, and registering it in each worker cost about 0.6 s of
 * a build worker's start (every one of the hundreds of modules it imports goes through
 * the loader's hooks). So the entry and the project's own modules it imports are
 * bundled once per process into one plain ES module (esbuild, tens of milliseconds;
 * packages stay imports, which Node loads itself), and the worker loads that. Where
 * esbuild cannot be used, the worker registers the loader as before.
 *
 * The bundle is plain JavaScript, so its worker starts without the process's flags
 * (`execArgv`, inherited by default): `--import tsx` there would register the loader in
 * the worker all the same, and its hooks and source maps cost about 0.1 s a worker.
 */
export async function startTypeScriptWorker(entry: URL, options: WorkerOptions = {}): Promise<Worker> {
  const bundled = await bundleOnce(entry)
  if (bundled) return new Worker(bundled, { execArgv: [], ...options })
  const workerData: unknown = options.workerData
  return new Worker(tsWorker, { ...options, workerData: { ...(isObject(workerData) ? workerData : {}), entry: entry.href } })
}

function bundleOnce(entry: URL): Promise<URL | undefined> {
  let bundled = bundles.get(entry.href)
  if (!bundled) {
    bundled = bundle(entry).catch(() => undefined)
    bundles.set(entry.href, bundled)
  }
  return bundled
}

async function bundle(entry: URL): Promise<URL> {
  const { build } = await import('esbuild')
  const result = await build({
    // The build workers' Markdown parser, patched (inert in workers that parse no Markdown).
    plugins: [patchedFromMarkdown],
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    // A crash's stack names the TypeScript files and lines.
    sourcemap: 'inline',
    banner: { js: 'process.setSourceMapsEnabled(true);' },
  })
  const code = result.outputFiles[0]?.text
  if (!code) throw new Error(`esbuild wrote nothing for ${entry.href}`)
  const source = fileURLToPath(entry)
  const name = `${basename(source, extname(source))}-${hash(code, 16)}.mjs`
  const dir = fileURLToPath(bundleDir)
  const file = join(dir, name)
  // Named by its content and renamed into place: builds running at once share it.
  if (!existsSync(file)) {
    await mkdir(dir, { recursive: true })
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
    await writeFile(temporary, code)
    await rename(temporary, file)
    await removeStale(dir, name)
  }
  return pathToFileURL(file)
}

async function removeStale(dir: string, keep: string) {
  const now = Date.now()
  for (const name of await readdir(dir)) {
    if (name === keep) continue
    const file = join(dir, name)
    const info = await stat(file).catch(() => undefined)
    if (info && now - info.mtimeMs > STALE_MS) await rm(file, { force: true })
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
