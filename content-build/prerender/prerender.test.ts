import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import type { NavItem } from '../collections/navigation'
import type { PagePayloadJson } from '../outputs/write'
import { PrerenderCache } from './cache'
import { createPrerenderer } from './pool'

let dir: string | undefined
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = undefined
})

/** A prerender bundle as `vite build --ssr` writes one: an ES module exporting renderDocsPage. */
async function bundle(body = 'export function renderDocsPage(payload, tree) { return `<h1>${payload.page.title}</h1><p>${tree.length} sections</p>` }') {
  dir = await mkdtemp(join(tmpdir(), 'fjord-prerender-'))
  const file = join(dir, 'bundle', 'prerender.mjs')
  await mkdir(join(dir, 'bundle'))
  await writeFile(file, body)
  return file
}

const tree: NavItem[] = [{ title: 'Guide', path: '/docs/4.x/guide', children: [{ title: 'Routing', path: '/docs/4.x/guide/routing' }] }]
const page = (title: string): PagePayloadJson => ({ path: `/docs/4.x/guide/${title.toLowerCase()}`, collection: 'docsv4', page: { title }, surround: null })

describe('the prerender', () => {
  it('draws pages on worker threads as it does in this thread', async () => {
    const file = await bundle()
    const inline = await createPrerenderer(file, { pages: 3, workers: 0 })
    const pooled = await createPrerenderer(file, { pages: 3, workers: 2 })
    try {
      const pages = ['Routing', 'Data', 'Testing'].map(page)
      const drawn = await Promise.all(pages.map((p) => pooled.render(p, tree)))
      expect(drawn).toEqual(await Promise.all(pages.map((p) => inline.render(p, tree))))
      expect(drawn[1]).toBe('<h1>Data</h1><p>1 sections</p>')
    } finally {
      await Promise.all([inline.close(), pooled.close()])
    }
  })

  it('names the page a worker failed on, and a bundle that cannot be loaded', async () => {
    const file = await bundle('export function renderDocsPage(payload) { if (payload.page.title === "Bad") throw new Error("no title"); return "ok" }')
    const pooled = await createPrerenderer(file, { pages: 2, workers: 1 })
    try {
      await expect(pooled.render(page('Bad'), tree)).rejects.toThrow('the prerender failed on /docs/4.x/guide/bad: Error: no title')
      expect(await pooled.render(page('Good'), tree)).toBe('ok')
    } finally {
      await pooled.close()
    }
    await expect(createPrerenderer(join(dir ?? '', 'missing.mjs'), { pages: 2, workers: 1 })).rejects.toThrow('could not be loaded')
  })

  it('keeps drawn pages between builds, draws again what changed, and forgets what no build used', async () => {
    const file = await bundle()
    const cacheDir = join(dir ?? '', 'cache')
    let drawn = 0
    const render = (p: PagePayloadJson) => () => {
      drawn++
      return `<h1>${String(p.page?.title)}</h1>`
    }
    const first = await PrerenderCache.open(cacheDir, 'salt', file)
    for (const p of [page('Routing'), page('Data')]) await first.markup(p, tree, render(p))
    await first.prune()
    expect(drawn).toBe(2)

    const second = await PrerenderCache.open(cacheDir, 'salt', file)
    expect(await second.markup(page('Routing'), tree, render(page('Routing')))).toBe('<h1>Routing</h1>')
    const edited = { ...page('Data'), page: { title: 'Data loading' } }
    expect(await second.markup(edited, tree, render(edited))).toBe('<h1>Data loading</h1>')
    expect([second.hits, drawn]).toEqual([1, 3])
    await second.prune()
    expect(await readdir(cacheDir)).toHaveLength(2)

    // Another tree, salt or bundle draws everything again.
    const other = await PrerenderCache.open(cacheDir, 'another salt', file)
    await other.markup(page('Routing'), tree, render(page('Routing')))
    expect([other.hits, drawn]).toEqual([0, 4])
  })
})
