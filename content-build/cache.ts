import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, open, readdir, readFile, rename } from 'node:fs/promises'
import { join, resolve } from 'node:path'

import type { CollectionDefinition } from './collections/definitions'
import type { EntryContext, EntryResult, SourceFile } from './collections/entry'
import { settleAll } from './workers/concurrency'

/** Where the build keeps per-file results, and what they depend on besides content (`buildSalt`). */
export interface BuildCacheOptions {
  dir: string
  salt: string
  /**
   * This process builds again (the dev server, on every save): the results stay in
   * memory for the next build, and the file is written without holding this one up.
   */
  keep?: boolean
}

/** A kept result, with the text of the other files it read (its `dependencies`) hashed when it was kept. */
type KeptResult = EntryResult & { dependencyHashes?: Record<string, string | null> }

/**
 * Per-file build results, kept between builds. An entry is reused only when
 * everything that produced it is unchanged: the file's text and path, its
 * collection's definition, the docs versions, the build itself (its source files
 * and locked dependency versions, hashed once per build as the salt), and the other
 * files the page read (a snippet, an included part). So no one has to remember to
 * bump a version when the build changes.
 *
 * One file per collection, rewritten with just the entries the build used, so the
 * cache never grows beyond the content it mirrors.
 */
export class EntryCache {
  private previous = new Map<string, Map<string, KeptResult>>()
  private next = new Map<string, Map<string, KeptResult>>()
  /** The file writes under way: one save at a time, each after the last. */
  private saving: Promise<void> = Promise.resolve()
  hits = 0

  private constructor(
    private readonly dir: string,
    private readonly salt: string,
  ) {}

  /**
   * The cache of a process that builds again (the dev server, on every save), kept in
   * memory: the next `open` of the same folder and salt reuses it instead of reading
   * the file again.
   */
  private static readonly kept = new Map<string, EntryCache>()

  /**
   * The entries kept from the last build. With `keep`, the same cache object is kept
   * in memory for the next build in this process, starting from this build's entries.
   */
  static async open(dir: string, salt: string, { keep = false } = {}): Promise<EntryCache> {
    const id = `${dir}\0${salt}`
    const kept = keep ? EntryCache.kept.get(id) : undefined
    if (kept) {
      kept.previous = kept.next
      kept.next = new Map()
      kept.hits = 0
      return kept
    }
    const cache = await EntryCache.read(dir, salt)
    if (keep) EntryCache.kept.set(id, cache)
    return cache
  }

  private static async read(dir: string, salt: string): Promise<EntryCache> {
    const cache = new EntryCache(dir, salt)
    let files: string[] = []
    try {
      files = (await readdir(dir)).filter((f) => f.endsWith('.json'))
    } catch {
      return cache // No cache yet.
    }
    await Promise.all(
      files.map(async (file) => {
        try {
          const data: unknown = JSON.parse(await readFile(join(dir, file), 'utf8'))
          if (!isCacheFile(data) || data.salt !== salt) return
          cache.previous.set(file.slice(0, -5), new Map(Object.entries(data.entries)))
        } catch {
          // A corrupt cache file is a cache miss, never a build failure.
        }
      }),
    )
    return cache
  }

  key(def: CollectionDefinition, file: Pick<SourceFile, 'rel' | 'sourceRel' | 'folderPage'>, text: string, ctx: EntryContext): string {
    return createHash('sha256')
      .update(JSON.stringify([def, file.rel, file.sourceRel ?? null, file.folderPage === true, ctx]))
      .update('\0')
      .update(text)
      .digest('hex')
      .slice(0, 32)
  }

  get(collection: string, key: string): EntryResult | undefined {
    const kept = this.previous.get(collection)?.get(key)
    if (!kept) return undefined
    const { dependencyHashes, ...hit } = kept
    if (dependencyHashes && Object.entries(dependencyHashes).some(([file, hash]) => fileHash(file) !== hash)) return undefined
    this.hits++
    this.keep(collection, key, kept)
    return hit
  }

  put(collection: string, key: string, result: EntryResult) {
    // Failed entries are not kept: the next build reports them afresh.
    if (result.errors.length) return
    this.keep(collection, key, result.dependencies ? { ...result, dependencyHashes: Object.fromEntries(result.dependencies.map((file) => [file, fileHash(file)])) } : result)
  }

  private keep(collection: string, key: string, kept: KeptResult) {
    let entries = this.next.get(collection)
    if (!entries) this.next.set(collection, (entries = new Map()))
    entries.set(key, kept)
  }

  /** Writes this build's entries (after any save still under way). */
  save(): Promise<void> {
    const entries = this.next
    this.saving = this.saving.catch(() => undefined).then(() => this.write(entries))
    return this.saving
  }

  private async write(next: Map<string, Map<string, KeptResult>>) {
    await mkdir(this.dir, { recursive: true })
    await settleAll(
      [...next].map(async ([collection, entries]) => {
        const file = join(this.dir, `${collection}.json`)
        // Streamed entry by entry (one string of a large collection would double the
        // build's memory), to a temporary file renamed at the end: an interrupted
        // build never leaves half a cache file.
        const out = await open(`${file}.tmp`, 'w')
        try {
          let chunk = `{"salt":${JSON.stringify(this.salt)},"entries":{`
          let first = true
          for (const [key, result] of entries) {
            chunk += `${first ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(result)}`
            first = false
            if (chunk.length > 1 << 20) {
              await out.write(chunk)
              chunk = ''
            }
          }
          await out.write(`${chunk}}}`)
        } finally {
          await out.close()
        }
        await rename(`${file}.tmp`, file)
      }),
    )
  }
}

/** A file's text, hashed; null when it cannot be read (a missing snippet stays missing). */
function fileHash(file: string): string | null {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 32)
  } catch {
    return null
  }
}

function isCacheFile(data: unknown): data is { salt: string; entries: Record<string, KeptResult> } {
  return typeof data === 'object' && data !== null && 'salt' in data && 'entries' in data && typeof data.entries === 'object'
}

/**
 * Hash of what the build's output depends on besides content: its own source files
 * and the locked versions of its dependencies (Markdown, highlighter, themes).
 */
export async function buildSalt(projectRoot: string, version: number): Promise<string> {
  const hash = createHash('sha256').update(String(version))
  // Every module a page's result can depend on: the build's own, and the shared ones it imports (schemas, search terms, the
  // content client); a change in any of them must not reuse results made by the old code.
  for (const dir of ['content-build', 'src/contract', 'src/lib/content']) {
    const abs = resolve(projectRoot, dir)
    const files = (await readdir(abs, { recursive: true }).catch(() => [])).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)).sort()
    for (const file of files) hash.update(`${dir}/${file}`).update(await readFile(join(abs, file)))
  }
  hash.update(await readFile(resolve(projectRoot, 'package-lock.json')).catch(() => Buffer.from('no lockfile')))
  return hash.digest('hex').slice(0, 16)
}
