import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'

const NUXT_PROJECT_FILES = [
  'nuxt.config.ts',
  'nuxt.config.mts',
  'nuxt.config.js',
  'nuxt.config.mjs',
  'content.config.ts',
  'content.config.mts',
  'content.config.js',
  'content.config.mjs',
]

/**
 * The static files a docs tree read from another folder brings with it, which its
 * pages link to from the site root (`![Search](/search.png)`): a VitePress tree's
 * `public/` in its source folder; for a Nuxt Content tree, the `public/` of the Nuxt
 * project holding it (the nearest folder above with a `nuxt.config` or `content.config`).
 */
export function treePublicDir(docsDir: string, vitepress: boolean): string | undefined {
  if (vitepress) return existing(join(docsDir, 'public'))
  for (let dir = dirname(docsDir), hops = 0; hops < 4 && dir !== dirname(dir); dir = dirname(dir), hops++) {
    if (NUXT_PROJECT_FILES.some((file) => existsSync(join(dir, file)))) return existing(join(dir, 'public'))
  }
  return undefined
}

function existing(dir: string): string | undefined {
  return existsSync(dir) ? dir : undefined
}
