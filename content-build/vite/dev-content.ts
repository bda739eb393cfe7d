import { join } from 'node:path'

import type { SiteConfig } from '../../src/contract/site-schema'
import { buildContent, CONTENT_BUILD_VERSION } from '../build'
import { buildSalt } from '../cache'
import type { ContentIssue } from '../errors'
import { writeOutputs, type WriteState } from '../outputs/write'

export interface DevContent {
  /** Builds the content again into `outDir`, and returns the build's warnings and docs trees' static folders. */
  rebuild(): Promise<{ warnings: ContentIssue[]; publicDirs: string[] }>
}

/**
 * The content side of `npm run dev`: the content of `root` built into `outDir`, again
 * on every save. Each rebuild reads only the files that changed (the per-file results
 * stay in memory, and the cache file is written in the background) and rewrites only
 * the outputs that changed (the collections whose dump did, and their payloads), with a
 * quick gzip and no brotli. A failed rebuild throws and leaves the last build in place.
 */
export async function createDevContent({
  root,
  config,
  outDir,
  env,
  project = root,
  brokenLinks,
}: {
  /** The folder holding content/ and public/. */
  root: string
  config: SiteConfig
  outDir: string
  /** The project whose build code keys the cache (`buildSalt`), when the content lives elsewhere. */
  project?: string
  /** Where docs versions are read from (defaults to process.env), as for `buildContent`. */
  env?: Record<string, string | undefined>
  /** 'warn' reports dead internal links without failing, as `--links warn` does. */
  brokenLinks?: 'error' | 'warn'
}): Promise<DevContent> {
  const salt = await buildSalt(project, CONTENT_BUILD_VERSION)
  // What the last rebuild wrote.
  let previous: WriteState | undefined
  return {
    async rebuild() {
      const output = await buildContent({
        root,
        config,
        ...(env ? { env } : {}),
        ...(brokenLinks ? { brokenLinks } : {}),
        cache: { dir: join(root, '.cache', 'content-build'), salt, keep: true },
      })
      previous = (await writeOutputs(output, outDir, config, CONTENT_BUILD_VERSION, { rebuild: { previous }, appSources: join(project, 'src') })).state
      return { warnings: output.warnings, publicDirs: output.publicDirs }
    },
  }
}
