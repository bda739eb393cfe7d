import { type ChildProcess, execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

import { serve } from '@hono/node-server'

import { createApp } from '../../server/app'
import { type BuiltSite, loadSite } from '../../server/site'
import config from '../../site.config'
import { freePort } from '../../testing/free-port'
import { spawnServer } from '../../testing/spawn-server'
import { contentBuildArgs } from '../content-build-command'

/** A built site served by the real server on a free loopback port, for the benchmarks. */
export async function serveDist(dist: string): Promise<{ site: BuiltSite; url: string; close: () => void }> {
  const site = await loadSite(dist)
  const app = createApp({ site, config })
  return new Promise((done) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => done({ site, url: `http://127.0.0.1:${info.port}`, close: () => server.close() }))
  })
}

const root = resolve(import.meta.dirname, '../..')
const execFileAsync = promisify(execFile)

/** The value at percentile `p` (0–100) of `values`, nearest rank; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

/**
 * The app built into `dist` with the content of the project at `contentRoot` (this
 * checkout or a scratch site), as the benchmarks serve it. The docs folders come from
 * `contentRoot`, whatever DOCS_V4_DIR / DOCS_V3_DIR say. With `prerender`, each docs
 * page's index.html carries its rendered markup, as `npm run build` writes it.
 */
export async function buildSite(dist: string, contentRoot: string, { prerender = false, report }: { prerender?: boolean; report?: string } = {}): Promise<string> {
  const vite = resolve(root, 'node_modules/vite/bin/vite.js')
  await execFileAsync(process.execPath, [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root })
  const content = [...contentBuildArgs(), '--root', contentRoot, '--out', dist, '--quiet', '--no-cache']
  if (prerender) {
    // In the checkout: the server bundle imports its packages from node_modules.
    const ssr = join(root, '.cache', 'bench-prerender', createHash('sha256').update(dist).digest('hex').slice(0, 12))
    await execFileAsync(process.execPath, [vite, 'build', '--ssr', 'src/prerender.tsx', '--outDir', ssr, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root })
    content.push('--prerender', join(ssr, 'prerender.js'))
  }
  // The content build's own timings and peak memory (workers included), as JSON.
  if (report) content.push('--report', report)
  await execFileAsync(process.execPath, content, { cwd: root, env: { ...process.env, DOCS_V4_DIR: '', DOCS_V3_DIR: '' }, maxBuffer: 64 * 1024 * 1024 })
  return dist
}

/**
 * The production server (`server/index.ts`, as `npm start` runs it, on this checkout's
 * build) in a process of its own on a free loopback port, for the benchmarks that load
 * it from outside.
 */
export async function startProductionServer(extraEnv: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const env = { ...process.env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production', ...extraEnv }
  const { child } = await spawnServer('server/index.ts', [], (out) => (out.includes('Serving ') ? out : undefined), env)
  return { url: `http://127.0.0.1:${port}`, child }
}
