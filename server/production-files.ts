import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/** The validated site config, as JSON, beside the built server (scripts/build-server.ts writes it). */
export const SITE_CONFIG_FILE = 'site-config.json'

/** The file of the built server that runs the TypeScript worker `entry`: its own bundle, named after it, beside the server's. */
export function builtWorkerName(entry: URL): string {
  return `${basename(fileURLToPath(entry)).replace(/\.[cm]?ts$/, '')}.mjs`
}

/**
 * The built server's stand-in for content-build/workers/typescript-worker.ts (the
 * bundler puts it in that module's place): there, a worker's TypeScript is bundled
 * when the worker starts, which needs esbuild, a devDependency. The built server has
 * each worker bundled already, beside its own file.
 */
export function startTypeScriptWorker(entry: URL, options: WorkerOptions = {}): Promise<Worker> {
  return Promise.resolve(new Worker(new URL(builtWorkerName(entry), import.meta.url), { execArgv: [], ...options }))
}
