import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { normalizeBase } from '../src/contract/base'
import type { ContentManifest } from '../src/contract/content/build-output'
import { isRecord } from '../src/contract/is-record'

/** What the server needs to know about the build it serves. */
export interface BuiltSite {
  distDir: string
  manifest: ContentManifest
  buildId: string
  /** Every path that has a page: content routes, listings, module pages, app routes. */
  routes: ReadonlySet<string>
  redirects: Readonly<Record<string, string>>
  /**
   * The base path the build was made for (`/`, or `/fjord/` with BASE_PATH=/fjord/):
   * `builds/latest.json`'s `base`. The server answers under it, and its pages, links
   * and files all name it. Absent: `/`.
   */
  base?: string
}

export async function loadSite(distDir: string): Promise<BuiltSite> {
  const json = async (path: string): Promise<unknown> => JSON.parse(await readFile(join(distDir, path), 'utf8'))
  const manifest = await json('__content/manifest.json')
  const latest = await json('builds/latest.json')
  if (!isManifest(manifest) || !isRecord(latest) || typeof latest.id !== 'string') {
    throw new Error(`${distDir} does not hold a complete build: run npm run build`)
  }
  const meta = await json(`builds/meta/${latest.id}.json`)
  if (!isRecord(meta) || !Array.isArray(meta.prerendered) || !isRecord(meta.redirects)) {
    throw new Error(`${distDir}/builds/meta/${latest.id}.json is not a build manifest`)
  }
  const redirects = Object.fromEntries(Object.entries(meta.redirects).filter((e): e is [string, string] => typeof e[1] === 'string'))
  return {
    base: typeof latest.base === 'string' ? normalizeBase(latest.base) : '/',
    distDir,
    manifest,
    buildId: latest.id,
    routes: new Set(meta.prerendered.filter((p): p is string => typeof p === 'string')),
    redirects,
  }
}

function isManifest(value: unknown): value is ContentManifest {
  return isRecord(value) && typeof value.buildId === 'string' && isRecord(value.collections)
}
