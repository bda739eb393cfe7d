import initSqlJs from 'sql.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { applyFilters } from '@/contract/content/module-filters'
import { createQuery } from '@/contract/content/query-builder'

import { buildContent, type BuildOutput } from '../../../content-build/build'
import { createFixture, type Fixture } from '../../../testing/fixture-site'
import { categoryCounts, defaultListOf, type ModuleListItem } from './api'

/**
 * /modules draws its first list and its category counts from its payload, not from SQL
 * (api.ts `defaultListOf`): that holds only while the build lists the modules in the
 * order the directory's SQL asks for. Both are read here from one real build: ties in
 * downloads, sponsors and official modules, and names that sort differently by locale.
 */
const modules: [name: string, type: 'official' | 'other', sponsor: boolean, downloads: number, category: string][] = [
  ['kit-b', 'other', false, 500, 'UI'],
  ['kit10', 'other', false, 500, 'UI'],
  ['kit-a', 'other', false, 500, 'Devtools'],
  ['harbor', 'official', false, 10, 'Devtools'],
  ['anchor', 'official', false, 9000, 'UI'],
  ['beacon', 'other', true, 1, 'Security'],
  ['zephyr', 'other', true, 2, 'UI'],
  ['kit-9', 'other', false, 500, 'UI'],
]

let fixture: Fixture
let built: BuildOutput
beforeAll(async () => {
  fixture = await createFixture(
    Object.fromEntries(
      modules.map(([name, type, sponsor, downloads, category]) => [
        `content/modules/${name}.yml`,
        [
          `name: ${name}`,
          `npm: fjord-${name}`,
          `description: The ${name} module.`,
          `icon: https://icons.example.com/${name}.svg`,
          `category: ${category}`,
          `type: ${type}`,
          `sponsor: ${sponsor}`,
          `repo: fjord/${name}`,
          `stats: { downloads: ${downloads}, stars: 1, publishedAt: 2026-09-01, createdAt: 2023-01-10 }`,
          '',
        ].join('\n'),
      ]),
    ),
  )
  built = await buildContent({ root: fixture.root, config: fixture.config, env: {} })
})
afterAll(() => fixture.cleanup())

async function database() {
  const SQL = await initSqlJs()
  const db = new SQL.Database()
  const collection = built.collections.find((c) => c.def.name === 'modules')
  if (!collection) throw new Error('no modules collection')
  db.exec(collection.dump.sql)
  return db
}
const column = (db: Awaited<ReturnType<typeof database>>, sql: string) => (db.exec(sql)[0]?.values ?? []).map((row) => row[0])

describe('the first list of /modules, from its payload', () => {
  const listed = () => (built.pages.find((page) => page.path === '/modules')?.lists?.modules ?? []) as unknown as ModuleListItem[]

  it('is the list the default filters ask SQL for, in the same order', async () => {
    const db = await database()
    const sql = column(db, applyFilters(createQuery('modules'), { q: '' }).toSQL())
    expect(sql).toEqual(['zephyr', 'beacon', 'anchor', 'harbor', 'kit-9', 'kit-a', 'kit-b', 'kit10'])
    expect(listed().map((module) => module.name)).toEqual(sql)
    expect(defaultListOf(listed(), { q: '' }, 3)).toEqual({ names: sql.slice(0, 3), total: modules.length, key: '|||' })
  })

  it('answers nothing for any other filters, which the database answers', () => {
    expect(defaultListOf(listed(), { q: 'kit' }, 3)).toBeUndefined()
    expect(defaultListOf(listed(), { q: '', category: 'UI' }, 3)).toBeUndefined()
    expect(defaultListOf(listed(), { q: '', sortBy: 'downloads' }, 3)).toBeUndefined()
    expect(defaultListOf(listed(), { q: '', orderBy: 'desc' }, 3)).toBeUndefined()
  })

  it('counts each category as the database does', async () => {
    const db = await database()
    const [result] = db.exec(createQuery('modules').select('category', 'official').toSQL())
    const rows = (result?.values ?? []).map(([category, official]) => ({ category: String(category), official: official === 1 }))
    expect(categoryCounts(listed())).toEqual(categoryCounts(rows))
    expect(categoryCounts(listed())).toEqual({ UI: 5, Devtools: 2, Security: 1, Official: 2 })
  })
})
