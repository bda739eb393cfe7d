import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

/**
 * Real teams' documentation trees, kept beside the project as test data (never copied
 * into it): `../shared/real-docs`, or the folder REAL_DOCS_DIR names. Tests that read
 * them are skipped, saying why, on a machine without them.
 */
export const realDocsDir = resolve(process.env.REAL_DOCS_DIR ?? resolve(import.meta.dirname, '../../shared/real-docs'))

/** The docs folder of each tree, as a team would point DOCS_V4_DIR at it. */
export const realTrees = {
  /** Nuxt Content's own docs (Nuxt Content v3: numbered folders, `.navigation.yml`, MDC components). */
  nuxtContent: join(realDocsDir, 'nuxt-content/docs/content/docs'),
  /** VitePress's own docs (`.vitepress/config.ts` with imports, `rewrites`, eight locales). */
  vitepress: join(realDocsDir, 'vitepress/docs'),
} as const

export type RealTree = keyof typeof realTrees

/** Why the real trees' tests are skipped here, or undefined when the trees are present. */
export const realDocsMissing: string | undefined = Object.values(realTrees).every((dir) => existsSync(dir))
  ? undefined
  : `real docs trees not found in ${realDocsDir} (set REAL_DOCS_DIR to the folder holding nuxt-content/ and vitepress/): their tests are skipped`

if (realDocsMissing) console.warn(realDocsMissing)
