import { createHash } from 'node:crypto'
import { mkdir, open, readdir, readFile, rename } from 'node:fs/promises'
import { join, resolve } from 'node:path'

import type { CollectionDefinition } from './collections'
import type { EntryContext, EntryResult, SourceFile } from './entry'

/**
 * Per-file build results, kept between builds. An entry is reused only when
 * everything that produced it is unchanged: the file's text and path, its
 * collection's definition, the docs versions, and the build itself (its source
 * files and locked dependency versions, hashed once per build as the salt). So no
 * one has to remember to bump a version when the build changes.
 *
 * One file per collection, rewritten with just the entries the build used, so the
 * cache never grows beyond the content it mirrors.
 */
export class EntryCache {
  private readonly previous = new Map<string, Map<string, EntryResult>>()
  private readonly next = new Map<string, Map<string, EntryResult>>()
  hits = 0

  private constructor(
    private readonly dir: string,
    private readonly salt: string,
  ) {}

  static async open(dir: string, salt: string): Promise<EntryCache> {
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

  key(def: CollectionDefinition, file: Pick<SourceFile, 'rel' | 'folderPage'>, text: string, ctx: EntryContext): string {
    return createHash('sha256')
      .update(JSON.stringify([def, file.rel, file.folderPage === true, ctx]))
      .update('\0')
      .update(text)
      .digest('hex')
      .slice(0, 32)
  }

  get(collection: string, key: string): EntryResult | undefined {
    const hit = this.previous.get(collection)?.get(key)
    if (hit) {
      this.hits++
      this.put(collection, key, hit)
    }
    return hit
  }

  put(collection: string, key: string, result: EntryResult) {
    // Failed entries are not kept: the next build reports them afresh.
    if (result.errors.length) return
    let entries = this.next.get(collection)
    if (!entries) this.next.set(collection, (entries = new Map()))
    entries.set(key, result)
  }

  async save() {
    await mkdir(this.dir, { recursive: true })
    await Promise.all(
      [...this.next].map(async ([collection, entries]) => {
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

function isCacheFile(data: unknown): data is { salt: string; entries: Record<string, EntryResult> } {
  return typeof data === 'object' && data !== null && 'salt' in data && 'entries' in data && typeof data.entries === 'object'
}

/**
 * Hash of what the build's output depends on besides content: its own source files
 * and the locked versions of its dependencies (Markdown, highlighter, themes).
 */
export async function buildSalt(projectRoot: string, version: number): Promise<string> {
  const hash = createHash('sha256').update(String(version))
  const dirs = ['content-build', 'content-build/markdown', 'src/lib/content']
  for (const dir of dirs) {
    const abs = resolve(projectRoot, dir)
    const files = (await readdir(abs).catch(() => [])).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort()
    for (const file of files) hash.update(file).update(await readFile(join(abs, file)))
  }
  hash.update(await readFile(resolve(projectRoot, 'package-lock.json')).catch(() => Buffer.from('no lockfile')))
  return hash.digest('hex').slice(0, 16)
}
