import { execFileSync } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

import { format, resolveConfig } from 'prettier'

import { type StarterOptions, UsageError } from './options.ts'
import { demoFiles, starterFiles } from './plan.ts'
import { siteConfigSource } from './site-config.ts'

export interface InitResult {
  removed: { path: string; files: number }[]
  written: string[]
}

/**
 * Refuses a project whose changes git does not hold: init deletes files, and a commit is
 * how they come back. Not a git checkout at all counts as uncommitted.
 */
export function assertCommitted(root: string): void {
  let status: string
  try {
    status = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  } catch {
    throw new UsageError(`${root} is not a git checkout, so what init deletes could not be got back: run it in a checkout (git init and commit first), or pass --force`)
  }
  const changed = status.split('\n').filter(Boolean)
  if (!changed.length) return
  const shown = changed.slice(0, 10).map((line) => `  ${line}`)
  if (changed.length > 10) shown.push(`  … and ${changed.length - 10} more`)
  throw new UsageError(
    `${changed.length} uncommitted change${changed.length === 1 ? '' : 's'} in ${root}:\n${shown.join('\n')}\ninit deletes content/ and rewrites site.config.ts: commit or stash these first, or pass --force`,
  )
}

/** Deletes the demo content, writes the starter and its site.config.ts into `root`; with `dryRun`, only says what it would do. */
export async function initStarter(root: string, options: StarterOptions, { dryRun = false } = {}): Promise<InitResult> {
  const removed = await demoFiles(root)
  const files = await starterFiles(options)
  const prettier = (await resolveConfig(join(root, 'site.config.ts'))) ?? {}
  files.set('site.config.ts', await format(siteConfigSource(options), { ...prettier, parser: 'typescript' }))
  if (!dryRun) {
    for (const { path } of removed) await rm(join(root, path), { recursive: true, force: true })
    for (const [path, text] of files) {
      await mkdir(dirname(join(root, path)), { recursive: true })
      await writeFile(join(root, path), text)
    }
  }
  return { removed, written: [...files.keys()] }
}
