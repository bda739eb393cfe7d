import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'

import { blogEditions, docsEditions } from '../src/contract/locales'
import type { SiteConfig } from '../src/contract/site-schema'

/** Newest modification time under `path` (a file, or a folder walked). */
async function newest(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined)
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  let latest = info.mtimeMs
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.cache')) continue
    latest = Math.max(latest, await newest(join(path, entry.name)))
  }
  return latest
}

/** Why dist/ must be rebuilt, or undefined when it is current. */
export async function staleReason(root: string, config: SiteConfig): Promise<string | undefined> {
  const distDir = join(root, 'dist')
  const built = await stat(join(distDir, 'builds', 'latest.json')).catch(() => undefined)
  if (!built || !existsSync(join(distDir, 'index.html'))) return 'no build yet'
  const sources = [
    'content',
    'public',
    'src',
    'content-build',
    'site.config.ts',
    'index.html',
    'vite.config.ts',
    'package-lock.json',
    ...docsEditions(config).map((v) => process.env[v.dirEnv] || v.dir),
    // A translated blog's folder may lie outside content/.
    ...blogEditions(config).map((b) => b.dir),
  ]
  const times = await Promise.all(sources.map((s) => newest(resolve(root, s))))
  return times.some((t) => t > built.mtimeMs) ? 'sources changed since the last build' : undefined
}

/** Runs `npm run build` when dist/ is missing or stale; exits the process if the build fails. */
export async function ensureBuild(root: string, config: SiteConfig) {
  const reason = await staleReason(root, config)
  if (!reason) return
  console.log(`Building (${reason})…`)
  // Always a production build, whatever NODE_ENV the caller runs with (vitest sets "test").
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (result.status !== 0) throw new Error(`npm run build failed with exit code ${result.status}`)
}
