import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'

/**
 * Prerendered docs markup kept between builds, one file per page, named by everything
 * that drew it: the prerender bundle (its files), the build's salt (its code and locked
 * dependencies), the page's payload and its version's navigation tree. One page edited
 * draws that page (and the neighbours whose previous/next links it changes) again, not
 * every page of the site. Files no build used are removed when the build is done.
 */
export class PrerenderCache {
  private readonly used = new Set<string>()
  private readonly trees = new WeakMap<object, string>()
  hits = 0

  private constructor(
    private readonly dir: string,
    private readonly identity: string,
  ) {}

  /** `bundle`: the prerender bundle's entry file; every file in its folder is part of it. */
  static async open(dir: string, salt: string, bundle: string): Promise<PrerenderCache> {
    const hash = createHash('sha256').update(salt)
    const root = dirname(bundle)
    for (const file of (await listFiles(root)).sort())
      hash
        .update(relative(root, file))
        .update('\0')
        .update(await readFile(file))
    await mkdir(dir, { recursive: true })
    return new PrerenderCache(dir, hash.digest('hex'))
  }

  /** The page's markup from the cache, or drawn by `render` and kept. */
  async markup(payload: unknown, tree: object, render: () => string | Promise<string>): Promise<string> {
    const key = this.key(payload, tree)
    this.used.add(key)
    const file = join(this.dir, `${key}.html`)
    const kept = await readFile(file, 'utf8').catch(() => undefined)
    if (kept !== undefined) {
      this.hits++
      return kept
    }
    const html = await render()
    // Written whole under another name first: a build stopped midway leaves no half file.
    const partial = `${file}.${process.pid}.tmp`
    await writeFile(partial, html)
    await rename(partial, file)
    return html
  }

  /** Removes what this build did not use (pages gone or changed, an older bundle). */
  async prune(): Promise<void> {
    const files = await readdir(this.dir).catch(() => [])
    await Promise.all(files.filter((f) => !this.used.has(f.replace(/\.html$/, ''))).map((f) => rm(join(this.dir, f), { force: true })))
  }

  private key(payload: unknown, tree: object): string {
    let treeHash = this.trees.get(tree)
    if (treeHash === undefined) {
      treeHash = createHash('sha256').update(JSON.stringify(tree)).digest('hex')
      this.trees.set(tree, treeHash)
    }
    return createHash('sha256').update(this.identity).update(treeHash).update(JSON.stringify(payload)).digest('hex').slice(0, 32)
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))))
  return nested.flat()
}
