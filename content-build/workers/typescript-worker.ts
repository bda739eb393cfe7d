import { Worker, type WorkerOptions } from 'node:worker_threads'

import { bundleModule } from './bundle-module.mjs'

const tsWorker = new URL('./ts-worker.mjs', import.meta.url)

const bundles = new Map<string, Promise<URL | undefined>>()

/**
 * Starts a worker thread on a TypeScript module. A worker does not inherit the
 * process's TypeScript loader, and registering it in each worker cost about 0.6 s of
 * a build worker's start (every one of the hundreds of modules it imports goes through
 * the loader's hooks). So the entry and the project's own modules it imports are
 * bundled into plain ES modules (`content-build/workers/bundle-module.mjs`: esbuild runs only when one
 * of those files changed; packages stay imports, which Node loads itself), and the
 * worker loads that. Where bundling fails, the worker registers the loader as before.
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
    bundled = bundleModule(entry).catch(() => undefined)
    bundles.set(entry.href, bundled)
  }
  return bundled
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
