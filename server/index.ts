import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'

import { serve } from '@hono/node-server'

import config from '../site.config'
import { createApp } from './app'
import { loadSite } from './site'

/**
 * `npm start`: builds when dist/ is missing or older than any source, then serves the
 * site on 127.0.0.1:3000 (HOST and PORT override).
 */
const root = resolve(import.meta.dirname, '..')
const distDir = join(root, 'dist')
const host = process.env.HOST ?? '127.0.0.1'
const port = Number(process.env.PORT ?? 3000)

const sources = [
  'content', 'public', 'src', 'content-build', 'site.config.ts', 'index.html', 'vite.config.ts', 'package-lock.json',
  ...config.docs.versions.map((v) => process.env[v.dirEnv] || v.dir),
]

/** Newest modification time under `path` (a file or a folder, walked). */
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

async function ensureBuild() {
  const built = await stat(join(distDir, 'builds', 'latest.json')).catch(() => undefined)
  const reason = !built || !existsSync(join(distDir, 'index.html'))
    ? 'no build yet'
    : (await Promise.all(sources.map((s) => newest(resolve(root, s))))).some((t) => t > built.mtimeMs)
      ? 'sources changed since the last build'
      : undefined
  if (!reason) return
  console.log(`Building (${reason})…`)
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await ensureBuild()
const site = await loadSite(distDir)
const app = createApp({ site, config })
const server = serve({ fetch: app.fetch, hostname: host, port }, (info) => {
  console.log(`Serving ${config.brand.name} on http://${info.address}:${info.port} (build ${site.buildId})`)
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close()
    process.exit(0)
  })
}
