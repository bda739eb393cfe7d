import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { sectionTerms } from '../../src/contract/search-terms'
import { CountedSections, type SearchFilesTarget } from './search-files'
import { prepareSearchFiles } from './search-files-thread'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

async function folder() {
  const dir = await mkdtemp(join(tmpdir(), 'fjord-search-files-'))
  dirs.push(dir)
  return dir
}

/** A folder's files and their texts. */
async function filesIn(dir: string) {
  const names = (await readdir(dir)).sort()
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), 'utf8')] as const)))
}

/** The index of `sections` made, on a worker thread or this one, and written into `target`. */
const searchFiles = (input: SearchFilesTarget & { sections: typeof sections }, { thread }: { thread: boolean }) =>
  prepareSearchFiles({ name: 'docsv4', sections: input.sections }, { thread }).write({ dir: input.dir, ...(input.previous ? { previous: input.previous } : {}) })

/** Enough sections on enough words for several shards and chunks. */
const sections = Array.from({ length: 400 }, (_, i) => ({
  id: `/docs/4.x/page-${Math.floor(i / 4)}${i % 4 ? `#part-${i % 4}` : ''}`,
  title: i % 4 ? `Part ${i % 4}` : `Page ${Math.floor(i / 4)}`,
  titles: i % 4 ? [`Page ${Math.floor(i / 4)}`] : [],
  level: i % 4 ? 2 : 1,
  content: `Section ${i} of the guide: routing${i % 7} and caching${i % 11}, with useFetch${i % 5} and more words number${i}.`,
}))

describe("a docs version's search files", () => {
  it('are the same written on a worker thread as on this one, and so is what the writer is told of them', async () => {
    const [here, there] = [await folder(), await folder()]
    const onThisThread = await searchFiles({ dir: here, sections }, { thread: false })
    const onWorker = await searchFiles({ dir: there, sections }, { thread: true })
    expect(onWorker).toEqual(onThisThread)
    expect(await filesIn(there)).toEqual(await filesIn(here))
    expect(onThisThread.shards.length).toBeGreaterThan(1)
    expect(onThisThread.chunks.length).toBeGreaterThan(1)
    expect([...onThisThread.written.keys()].sort()).toEqual(Object.keys(await filesIn(here)))
  }, 60_000)

  it('are written afresh by a build, and by a save only where their text changed, those past a smaller index removed', async () => {
    const dir = await folder()
    await writeFile(join(dir, 'stale.json'), '[]')
    const first = await searchFiles({ dir, sections }, { thread: true })
    // A build starts the folder afresh.
    expect(Object.keys(await filesIn(dir))).not.toContain('stale.json')
    const before = await filesIn(dir)
    // A save with fewer sections: the files whose text is as before kept as they lay, the others written anew.
    const marked = Object.keys(before)
    for (const name of marked) await writeFile(join(dir, name), `${before[name]} `)
    const second = await searchFiles({ dir, sections: sections.slice(0, 300), previous: first.written }, { thread: true })
    const after = await filesIn(dir)
    expect(Object.keys(after).sort()).toEqual([...second.written.keys()].sort())
    const kept = [...second.written].filter(([name, file]) => first.written.get(name)?.checksum === file.checksum)
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.length).toBeLessThan(second.written.size)
    for (const [name, file] of second.written) {
      if (first.written.get(name)?.checksum === file.checksum) expect(after[name]).toBe(`${before[name]} `)
      else expect(after[name]?.endsWith(' ')).toBe(false)
    }
    // Fewer still: the files past the new counts go.
    const third = await searchFiles({ dir, sections: sections.slice(0, 20), previous: second.written }, { thread: true })
    expect(Object.keys(await filesIn(dir)).sort()).toEqual([...third.written.keys()].sort())
    expect(third.written.size).toBeLessThan(second.written.size)
    // The download size: each file's gzipped size, an unchanged file's as it was.
    expect(third.gzip).toBe([...third.written.values()].reduce((sum, file) => sum + file.gzip, 0))
    for (const [name, file] of kept) expect(file.gzip).toBe(first.written.get(name)?.gzip)
  }, 60_000)

  it('say why when they cannot be written, from either thread', async () => {
    const dir = await folder()
    await writeFile(join(dir, 'file'), '')
    // A folder where a file lies.
    const input = { dir: join(dir, 'file', 'search'), sections, previous: new Map() }
    await expect(searchFiles(input, { thread: false })).rejects.toThrow(/ENOTDIR/)
    await expect(searchFiles(input, { thread: true })).rejects.toThrow(/the search index could not be written: .*ENOTDIR/s)
  }, 60_000)

  it('are given up with a build that failed: the worker making them stops, and nothing is written', async () => {
    const dir = await folder()
    const prepared = prepareSearchFiles({ name: 'docsv4', sections }, { thread: true })
    prepared.cancel()
    await expect(prepared.write({ dir })).rejects.toThrow('the search index was given up before it was written')
    expect(await readdir(dir)).toEqual([])
  }, 60_000)

  it('are made again by a process that builds again from the words it counted before, where a section is the same, on either thread', async () => {
    const edited = sections.map((section, i) =>
      i === 7 ? { ...section, content: `${section.content} Glaciers and fjords.` } : i === 9 ? { ...section, titles: ['Renamed'] } : section,
    )
    for (const thread of [false, true]) {
      const name = `docsv4-${thread}`
      const [kept, fresh] = [await folder(), await folder()]
      await prepareSearchFiles({ name, sections }, { keep: true, thread }).write({ dir: kept })
      const again = await prepareSearchFiles({ name, sections: edited }, { keep: true, thread }).write({ dir: kept })
      const made = await prepareSearchFiles({ name: 'other', sections: edited }, { thread }).write({ dir: fresh })
      expect(again).toEqual(made)
      expect(await filesIn(kept)).toEqual(await filesIn(fresh))
      expect(JSON.stringify(again.head.terms)).toContain('glacier')
    }
  }, 60_000)
})

describe("a version's counted words, kept from build to build", () => {
  it('are counted again only for the sections whose title, headings or text changed, and in the language asked', () => {
    const counted = new CountedSections()
    const first = counted.count({ name: 'docsv4', sections: sections.slice(0, 3) })
    const [a, b, c] = sections
    if (!a || !b || !c) throw new Error('the sections above')
    const edited = [a, { ...b, content: 'Another text.' }, { ...c, titles: ['Elsewhere'] }]
    const second = counted.count({ name: 'docsv4', sections: edited })
    expect(second[0]).toBe(first[0])
    expect(second.slice(1)).toEqual(edited.slice(1).map((section) => sectionTerms(section)))
    expect(second[1]).not.toEqual(first[1])
    // Another language: counted again by its rules.
    expect(counted.count({ name: 'docsv4', sections: edited, lang: 'es' })).toEqual(edited.map((section) => sectionTerms(section, 'es')))
  })
})
