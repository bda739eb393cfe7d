import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import initSqlJs from 'sql.js'
import { afterEach, describe, expect, it } from 'vitest'

import { decodeSections, type SearchHead } from '../../src/contract/search-index'
import { createFixture, type Fixture, md } from '../../testing/fixture-site'
import { buildContent } from '../build'
import { type Column, INFO_TABLE, tableName } from './dump'
import { writeOutputs } from './write'

let fixture: Fixture | undefined
afterEach(async () => {
  await fixture?.cleanup()
  fixture = undefined
})

const files = {
  'content/docs/4.x/1.getting-started/1.intro.md': md(
    { title: "It's Fjord", description: 'Quotes \' and "double" survive.', extra: { nested: [1, 2] } },
    "## Install\n\n```bash [npm]\nnpm i fjord\n```\n\nText with 'quotes' and a NUL\u0000 byte.\n",
  ),
  'content/docs/4.x/2.guide/.navigation.yml': 'title: The Guide\nicon: i-lucide-book\n',
  'content/docs/4.x/2.guide/1.routing.md': md({ title: 'Routing', navigation: { badge: 'New' } }, 'Pages.'),
  'content/modules/seo-kit.yml':
    'name: seo-kit\nnpm: "@acme/seo-kit"\ndescription: SEO.\nicon: seo.svg\ncategory: SEO\ntype: official\nsponsor: true\nrepo: acme/seo-kit\nstats:\n  downloads: 1234\n  stars: 56\n  publishedAt: 2026-10-02T09:15:00Z\n  createdAt: 2021-05-11T00:00:00Z\n',
}

/** Reads a value back from SQLite into its JavaScript form, by column kind. */
function decode(value: unknown, column: Column): unknown {
  if (value === null) return undefined
  if (column.kind === 'json') return JSON.parse(String(value))
  if (column.kind === 'boolean') return value === 1
  return value
}

describe('collection dumps', () => {
  it('load into sql.js and give back every row equal to its source', async () => {
    fixture = await createFixture(files)
    const out = await buildContent({ root: fixture.root, config: fixture.config, env: {} })
    const SQL = await initSqlJs()
    for (const collection of out.collections) {
      const db = new SQL.Database()
      db.run(collection.dump.sql)
      const [result] = db.exec(`SELECT * FROM "${tableName(collection.def.name)}" ORDER BY id`)
      const rows = (result?.values ?? []).map((values) => Object.fromEntries(collection.columns.map((c, i) => [c.name, decode(values[i], c)]).filter(([, v]) => v !== undefined)))
      const expected = [...collection.rows].sort((a, b) => (a.id < b.id ? -1 : 1)).map((row) => JSON.parse(JSON.stringify(row).replaceAll('\\u0000', '')))
      expect(rows, collection.def.name).toEqual(expected)
      const [info] = db.exec(`SELECT checksum, rows FROM "${INFO_TABLE}" WHERE id = '${collection.def.name}'`)
      expect(info?.values[0]).toEqual([collection.dump.checksum, collection.rows.length])
      db.close()
    }
    const docs = out.collections.find((c) => c.def.name === 'docsv4')
    expect(docs?.rows.map((r) => r.title)).toEqual(["It's Fjord", 'Routing'])
  })

  it('keep their checksum for the same content and change it on an edit', async () => {
    fixture = await createFixture(files)
    const first = await buildContent({ root: fixture.root, config: fixture.config, env: {} })
    const again = await buildContent({ root: fixture.root, config: fixture.config, env: {} })
    const sums = (o: typeof first) => Object.fromEntries(o.collections.map((c) => [c.def.name, c.dump.checksum]))
    expect(sums(again)).toEqual(sums(first))
    expect(again.contentHash).toBe(first.contentHash)

    await fixture.write({ 'content/docs/4.x/2.guide/1.routing.md': md({ title: 'Routing', navigation: { badge: 'New' } }, 'Pages, edited.') })
    const edited = await buildContent({ root: fixture.root, config: fixture.config, env: {} })
    const changed = Object.entries(sums(edited)).filter(([name, sum]) => sums(first)[name] !== sum)
    expect(changed.map(([name]) => name)).toEqual(['docsv4'])
    expect(edited.contentHash).not.toBe(first.contentHash)
  })

  it('are written with a manifest, a search index, navigation, payloads and build manifests', async () => {
    fixture = await createFixture(files)
    const out = await buildContent({ root: fixture.root, config: fixture.config, env: {} })
    const dist = join(fixture.root, 'dist')
    // Compressed copies of a dump from an older build would be served for the new one.
    await mkdir(join(dist, '__content/docsv4'), { recursive: true })
    await writeFile(join(dist, '__content/docsv4/sql_dump.txt.br'), 'stale')
    const written = await writeOutputs(out, dist, fixture.config, 1)
    const json = async (path: string) => JSON.parse(await readFile(join(dist, path), 'utf8'))

    const manifest = await json('__content/manifest.json')
    expect(manifest.buildId).toBe(written.buildId)
    expect(manifest.collections.docsv4).toMatchObject({
      table: '_content_docsv4',
      rows: 2,
      dump: `/__content/docsv4/sql_dump.txt?v=${manifest.collections.docsv4.checksum}`,
      searchIndex: { path: expect.stringMatching(/^\/__content\/docsv4\/search\/head\.json\?v=[0-9a-f]{12}$/) },
      navigation: { path: expect.stringMatching(/^\/__content\/docsv4\/navigation\.json\?v=[0-9a-f]{12}$/) },
    })
    const dump = await readFile(join(dist, '__content/docsv4/sql_dump.txt'), 'utf8')
    expect(dump).toContain(manifest.collections.docsv4.checksum)
    // Browsers download the database file, so only it is compressed ahead; the server compresses the dump on request.
    expect(existsSync(join(dist, '__content/docsv4/sql_dump.txt.gz'))).toBe(false)
    expect(existsSync(join(dist, '__content/docsv4/sql_dump.txt.br'))).toBe(false)
    for (const sibling of ['db.sqlite.gz', 'db.sqlite.br']) expect((await readFile(join(dist, '__content/docsv4', sibling))).length, sibling).toBeGreaterThan(0)

    // The same collection as a database file: opened as it is, it holds what the dump makes.
    expect(manifest.collections.docsv4.image).toBe(`/__content/docsv4/db.sqlite?v=${manifest.collections.docsv4.checksum}`)
    const SQL = await initSqlJs()
    const fromDump = new SQL.Database()
    fromDump.exec(dump)
    const fromFile = new SQL.Database(await readFile(join(dist, '__content/docsv4/db.sqlite')))
    const everything = (db: InstanceType<typeof SQL.Database>) => [`SELECT * FROM "_content_docsv4" ORDER BY id`, `SELECT * FROM "${INFO_TABLE}"`].map((sql) => db.exec(sql))
    expect(everything(fromFile)).toEqual(everything(fromDump))
    const image = await readFile(join(dist, '__content/docsv4/db.sqlite'))
    expect(manifest.collections.docsv4.size).toMatchObject({ database: image.length, search: expect.any(Number), navigation: expect.any(Number) })
    for (const ext of ['gz', 'br']) expect((await readFile(join(dist, `__content/docsv4/db.sqlite.${ext}`))).length).toBeLessThan(image.length)

    // A docs version's search index is a head (its sections, terms and where their postings and texts live) and the files it names.
    const head = (await json('__content/docsv4/search/head.json')) as SearchHead
    expect(decodeSections(head.sections).map((s) => s.id)).toContain('/docs/4.x/getting-started/intro#install')
    expect(head.shards.length).toBeGreaterThan(0)
    expect(head.chunks.length).toBeGreaterThan(0)
    // Its shards and chunks, a thousand files on a large site, are one file each: the server compresses them as they are asked for.
    const indexFiles = await readdir(join(dist, '__content/docsv4/search'))
    expect(indexFiles.filter((name) => /^[tc]\d+\.json$/.test(name))).toHaveLength(head.shards.length + head.chunks.length)
    expect(indexFiles.filter((name) => /^[tc]\d+\.json\./.test(name))).toEqual([])
    // The search index and the navigation ship with their brotli and gzip copies, as the dumps do.
    for (const file of ['search/head.json', 'navigation.json']) {
      const raw = await readFile(join(dist, '__content/docsv4', file))
      expect(brotliDecompressSync(await readFile(join(dist, '__content/docsv4', `${file}.br`))).equals(raw)).toBe(true)
      expect(gunzipSync(await readFile(join(dist, '__content/docsv4', `${file}.gz`))).equals(raw)).toBe(true)
    }
    const nav = await json('__content/docsv4/navigation.json')
    expect(nav.map((n: { title: string }) => n.title)).toEqual(['Getting Started', 'The Guide'])

    const payload = await json('docs/4.x/guide/routing/_payload.json')
    expect(payload).toMatchObject({ path: '/docs/4.x/guide/routing', collection: 'docsv4', page: { title: 'Routing' } })
    expect(payload.surround[0]).toMatchObject({ path: '/docs/4.x/getting-started/intro' })

    // Listing routes and module pages render from their payloads too.
    const modules = await json('modules/_payload.json')
    expect(modules).toMatchObject({ path: '/modules', page: null, lists: { modules: [{ name: 'seo-kit', icon: '/icons/modules/seo.svg' }] } })
    const detail = await json('modules/seo-kit/_payload.json')
    expect(detail).toMatchObject({ collection: 'modules', page: { npm: '@acme/seo-kit', stats: { downloads: 1234 } } })

    const latest = await json('builds/latest.json')
    // The base path the build was made for, which the server and host files read.
    expect(latest).toEqual({ id: written.buildId, timestamp: expect.any(Number), base: '/' })
    const meta = await json(`builds/meta/${written.buildId}.json`)
    expect(meta.prerendered).toEqual(expect.arrayContaining(['/', '/docs/4.x/guide/routing', '/modules/seo-kit']))
    expect(meta.prerendered).not.toContain('/admin')
    expect(meta.redirects['/docs/4.x/guide']).toBe('/docs/4.x/guide/routing')
    expect(meta.middleware).toEqual({ '/admin': ['auth'], '/admin/login': ['guest'] })
  })
})
