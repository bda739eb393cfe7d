import { existsSync } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'

import type { Plugin } from 'vite'

import { viteManifestFile } from '../outputs/vite-manifest'

/**
 * Moves Vite's build manifest (`dist/.vite/manifest.json`, which names every module and
 * chunk of the app's sources) out of dist/ into the private folder beside it, where the
 * content build and the budget check read it: dist/ holds only what a static host may
 * serve. Vite writes it inside its output folder only, so it is moved once the bundle is written.
 */
export function privateBuildFiles(): Plugin {
  let outDir = 'dist'
  let ssr = false
  return {
    name: 'fjord-private-build-files',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
      ssr = Boolean(config.build.ssr)
    },
    async writeBundle() {
      if (ssr) return
      const written = join(outDir, '.vite', 'manifest.json')
      if (!existsSync(written)) return
      const target = viteManifestFile(outDir)
      await mkdir(dirname(target), { recursive: true })
      await rename(written, target)
      await rm(join(outDir, '.vite'), { recursive: true, force: true })
    },
  }
}
