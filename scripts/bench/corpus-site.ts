import { copyFile, mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'

import { defineCollections } from '../../content-build/collections/definitions'
import config from '../../site.config'
import { type CorpusFile, generateCorpus } from '../../testing/corpus/generate'

const root = resolve(import.meta.dirname, '../..')

/**
 * A scratch project for the benchmarks: every collection folder (empty), the brand
 * images, and a generated docs 4.x corpus of `pages` pages. The seed site's own links
 * to real docs pages are not in it, so any corpus size builds.
 */
export async function writeCorpusSite(dir: string, pages: number): Promise<{ docsDir: string; files: CorpusFile[] }> {
  for (const def of defineCollections(config, { env: {} })) await mkdir(join(dir, def.dir), { recursive: true })
  for (const image of [config.brand.logo, config.brand.icon.light, config.brand.icon.dark]) {
    const target = join(dir, 'public', image)
    await mkdir(dirname(target), { recursive: true })
    await copyFile(join(root, 'public', image), target)
  }
  const docsDir = join(dir, 'content/docs/4.x')
  const files = generateCorpus(pages)
  for (const file of files) {
    const abs = join(docsDir, file.path)
    await mkdir(dirname(abs), { recursive: true })
    await writeFile(abs, file.content)
  }
  return { docsDir, files }
}
