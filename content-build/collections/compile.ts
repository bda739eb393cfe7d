import { readFile } from 'node:fs/promises'

import { type BuildCacheOptions, EntryCache } from '../cache'
import { ContentBuildError, type ContentIssue } from '../errors'
import { parseYaml } from '../formats/front-matter'
import { mapLimit } from '../workers/concurrency'
import { type PoolTask, processAll } from '../workers/pool'
import type { CollectionDefinition } from './definitions'
import { discover } from './discover'
import type { EntryContext, EntryResult, SourceFile } from './entry'
import { type FolderNavigation, folderNavigationSchema } from './navigation'

export interface CompileOptions {
  root: string
  ctx: EntryContext
  workers?: number
  cache?: BuildCacheOptions
  log: (message: string) => void
}

export interface Compiled {
  tasks: PoolTask[]
  /** One result per task, in task order. */
  results: EntryResult[]
  /** Per collection: `.navigation.yml` contents by folder. */
  folders: Map<string, FolderNavigation>[]
  /** Problems in `.navigation.yml` files. */
  errors: ContentIssue[]
}

/**
 * Turns every source file into its result: discover, read, then parse, validate,
 * transform and highlight what the cache does not already hold (on worker threads
 * for large trees). Throws when a source folder is missing.
 */
export async function compileFiles(defs: readonly CollectionDefinition[], options: CompileOptions): Promise<Compiled> {
  const { root, ctx, log } = options
  const started = performance.now()
  const discovered = await Promise.all(defs.map((def) => discover(def, root)))
  const missing = discovered.filter((d): d is ContentIssue => 'message' in d)
  if (missing.length) throw new ContentBuildError(missing)

  const files = discovered.flatMap((d, i) => ('message' in d ? [] : d.files.map((file) => ({ def: i, file }))))
  const texts = await mapLimit(files, 64, (f) => readFile(f.file.abs, 'utf8'))
  const tasks: PoolTask[] = files.map(({ def, file }, index) => ({ index, def, file, text: texts[index] ?? '' }))

  const cache = options.cache ? await EntryCache.open(options.cache.dir, options.cache.salt, { keep: options.cache.keep === true }) : undefined
  const results: EntryResult[] = new Array(tasks.length)
  const keys: string[] = []
  const pending = tasks.filter((task) => {
    const def = defs[task.def]
    if (!cache || !def) return true
    const key = cache.key(def, task.file, task.text, ctx)
    keys[task.index] = key
    const hit = cache.get(def.name, key)
    if (hit) results[task.index] = hit
    return !hit
  })

  log(`Reading ${tasks.length} files in ${defs.length} collections${cache ? ` (${cache.hits} unchanged)` : ''}`)
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s, ${Math.round(process.memoryUsage.rss() / 1024 / 1024)} MB`
  // Progress every two seconds, so a long build is never silent.
  let lastReport = performance.now()
  const fresh = await processAll(defs, pending, ctx, {
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    onProgress: (done) => {
      if (performance.now() - lastReport < 2000) return
      lastReport = performance.now()
      log(`  ${done}/${pending.length} files (${elapsed()})`)
    },
  })
  log(`Processed ${pending.length} files (${elapsed()})`)
  for (const [i, task] of pending.entries()) {
    const result = fresh[i]
    const def = defs[task.def]
    if (!result || !def) continue
    results[task.index] = result
    cache?.put(def.name, keys[task.index] ?? '', result)
  }
  // A process that builds again has the entries in memory: the file is written off the rebuild's path.
  const saved = cache?.save()
  if (options.cache?.keep) saved?.catch((error: unknown) => log(`the content build cache could not be written: ${error instanceof Error ? error.message : String(error)}`))
  else await saved

  const errors: ContentIssue[] = []
  const folders = await Promise.all(discovered.map((d) => ('message' in d ? new Map<string, FolderNavigation>() : readFolders(d.folders, errors))))
  return { tasks, results, folders, errors }
}

async function readFolders(files: ReadonlyMap<string, SourceFile>, errors: ContentIssue[]): Promise<Map<string, FolderNavigation>> {
  const meta = new Map<string, FolderNavigation>()
  for (const [dir, file] of files) {
    const parsed = parseYaml(file.display, await readFile(file.abs, 'utf8'))
    if ('message' in parsed) {
      errors.push(parsed)
      continue
    }
    const result = folderNavigationSchema.safeParse(parsed.data)
    if (result.success) meta.set(dir, result.data)
    else for (const issue of result.error.issues) errors.push({ file: file.display, line: parsed.lineOf(issue.path), field: issue.path.join('.'), message: issue.message })
  }
  return meta
}
