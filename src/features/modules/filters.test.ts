import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import initSqlJs, { type Database } from 'sql.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type ApiModule, modulesResponseSchema } from '@/contract/api-schemas'
import { moduleCategories } from '@/contract/content/categories'
import { applyFilters, type ModuleFilters, moduleSorts, readFilters, SEARCH_CHARS, writeFilters } from '@/contract/content/module-filters'
import { createQuery } from '@/contract/content/query-builder'

import { buildContent } from '../../../content-build/build'
import { writeOutputs } from '../../../content-build/outputs/write'
import { createApp } from '../../../server/app'
import { loadSite } from '../../../server/site'
import { createFixture, type Fixture } from '../../../testing/fixture-site'

/**
 * The directory's SQL, run by sql.js on the dump the build wrote and by the query
 * endpoint, against the same modules as `GET /api/modules` filtered and sorted by a
 * plain reference implementation of SPEC point 4 and 5.
 */

let fixture: Fixture
let db: Database
let app: ReturnType<typeof createApp>
let all: ApiModule[]

const yaml = (m: {
  name: string
  npm?: string
  description: string
  category: string
  type?: string
  sponsor?: boolean
  downloads: number
  stars: number
  published: string
  created: string
  repo?: string
}) =>
  [
    `name: ${m.name}`,
    `npm: ${JSON.stringify(m.npm ?? `fjord-${m.name}`)}`,
    `description: ${JSON.stringify(m.description)}`,
    `icon: ${m.name}.svg`,
    `category: ${m.category}`,
    `type: ${m.type ?? 'other'}`,
    `sponsor: ${m.sponsor ?? false}`,
    `repo: ${m.repo ?? `acme/${m.name}`}`,
    `stats: { downloads: ${m.downloads}, stars: ${m.stars}, publishedAt: '${m.published}', createdAt: '${m.created}' }`,
    '',
  ].join('\n')

const modules = [
  { name: 'alpha', description: 'Forms with 100% less code.', category: 'UI', downloads: 5000, stars: 90, published: '2026-10-01', created: '2022-01-01' },
  { name: 'beta', description: "The user's favourite_store.", category: 'Ecommerce', sponsor: true, downloads: 300, stars: 12, published: '2025-02-01', created: '2024-05-01' },
  {
    name: 'gamma',
    description: 'Regex-free routing: .*([ stays text.',
    category: 'Request',
    type: 'official',
    downloads: 90000,
    stars: 2000,
    published: '2026-11-01',
    created: '2021-03-01',
  },
  {
    name: 'delta',
    description: 'Charts and graphs.',
    category: 'UI',
    type: 'official',
    sponsor: true,
    downloads: 12000,
    stars: 400,
    published: '2024-06-01',
    created: '2020-09-01',
  },
  { name: 'epsilon', description: 'Back\\slash paths handled.', category: 'Devtools', downloads: 12000, stars: 5, published: '2026-01-15', created: '2023-07-01' },
  {
    name: 'zeta',
    npm: '@zeta/ui-kit',
    description: 'Another UI kit.',
    category: 'UI',
    downloads: 800,
    stars: 800,
    published: '2023-12-01',
    created: '2023-01-01',
    repo: 'zeta-org/percent',
  },
  { name: 'eta', description: 'SEO for everyone.', category: 'SEO', downloads: 70, stars: 1, published: '2022-05-01', created: '2021-12-01' },
]

beforeAll(async () => {
  fixture = await createFixture(Object.fromEntries(modules.map((m) => [`content/modules/${m.name}.yml`, yaml(m)])))
  const dist = join(fixture.root, 'dist')
  await writeOutputs(await buildContent({ root: fixture.root, config: fixture.config, env: {} }), dist, fixture.config, 1)
  const SQL = await initSqlJs()
  db = new SQL.Database()
  db.exec(await readFile(join(dist, '__content', 'modules', 'sql_dump.txt'), 'utf8'))
  app = createApp({ site: await loadSite(dist), config: fixture.config })
  all = modulesResponseSchema.parse(await (await app.request('/api/modules')).json()).modules
})
afterAll(() => fixture.cleanup())

/** SPEC points 4 and 5, written plainly over the API's modules. */
function reference(filters: ModuleFilters): string[] {
  const q = filters.q.trim().toLowerCase()
  const matches = all.filter((m) => {
    if (filters.category === 'Official' ? m.type !== 'official' : filters.category && m.category !== filters.category) return false
    return !q || [m.name, m.npm, m.category, m.description, m.repo].some((field) => field.toLowerCase().includes(q))
  })
  const byName = (a: ApiModule, b: ApiModule) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  if (filters.sortBy || filters.orderBy) {
    const key = filters.sortBy ?? 'downloads'
    const sign = filters.orderBy === 'asc' ? 1 : -1
    return matches.sort((a, b) => (a.stats[key] < b.stats[key] ? -sign : a.stats[key] > b.stats[key] ? sign : byName(a, b))).map((m) => m.name)
  }
  return matches
    .sort((a, b) => Number(b.sponsor) - Number(a.sponsor) || Number(b.type === 'official') - Number(a.type === 'official') || b.stats.downloads - a.stats.downloads || byName(a, b))
    .map((m) => m.name)
}

const viaSqlJs = (filters: ModuleFilters) => {
  const result = db.exec(applyFilters(createQuery('modules'), filters).toSQL())[0]
  const column = result?.columns.indexOf('name') ?? -1
  return (result?.values ?? []).map((row) => String(row[column]))
}

describe('module filters', () => {
  it('hold against GET /api/modules for every category, sort and order, with and without a text filter', async () => {
    let combinations = 0
    for (const category of [undefined, ...moduleCategories]) {
      for (const sortBy of [undefined, ...moduleSorts.map((s) => s.value)]) {
        for (const orderBy of [undefined, 'asc', 'desc'] as const) {
          for (const q of ['', 'ui', 'FORMS', '%', '_', "'", '.*([', "%_'", '\\', 'zzz']) {
            const filters: ModuleFilters = { q, ...(category ? { category } : {}), ...(sortBy ? { sortBy } : {}), ...(orderBy ? { orderBy } : {}) }
            expect(viaSqlJs(filters), JSON.stringify(filters)).toEqual(reference(filters))
            combinations++
          }
        }
      }
    }
    expect(combinations).toBe(19 * 5 * 3 * 10)
  })

  it('match special characters literally', () => {
    expect(viaSqlJs({ q: '100%' })).toEqual(['alpha'])
    expect(viaSqlJs({ q: '%' })).toEqual(['alpha'])
    expect(viaSqlJs({ q: 'e_s' })).toEqual(['beta'])
    expect(viaSqlJs({ q: '_' })).toEqual(['beta'])
    expect(viaSqlJs({ q: '.*([' })).toEqual(['gamma'])
    expect(viaSqlJs({ q: "user's" })).toEqual(['beta'])
    expect(viaSqlJs({ q: 'back\\slash' })).toEqual(['epsilon'])
    expect(viaSqlJs({ q: "%_'" })).toEqual([])
  })

  it('put sponsors first, then official modules, then by downloads when no sort is chosen', () => {
    expect(viaSqlJs({ q: '' })).toEqual(['delta', 'beta', 'gamma', 'epsilon', 'alpha', 'zeta', 'eta'])
    expect(viaSqlJs({ q: '', sortBy: 'stars' })).toEqual(['gamma', 'zeta', 'delta', 'alpha', 'beta', 'epsilon', 'eta'])
    expect(viaSqlJs({ q: '', orderBy: 'asc' })).toEqual(['eta', 'beta', 'zeta', 'alpha', 'delta', 'epsilon', 'gamma'])
  })

  it('are answered the same by the query endpoint (browsers without WebAssembly)', async () => {
    for (const filters of [
      { q: '.*([' },
      { q: "%_'", category: 'UI' as const },
      { q: 'ui', sortBy: 'createdAt' as const, orderBy: 'asc' as const },
      { q: '', category: 'Official' as const },
      // Past SEARCH_CHARS, and every character escaped: the pattern still fits the endpoint's bound.
      { q: `${'%'.repeat(SEARCH_CHARS)}more` },
    ]) {
      const res = await app.request('/__content/modules/query', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sql: applyFilters(createQuery('modules'), filters).toSQL() }),
      })
      expect(res.status, JSON.stringify(filters)).toBe(200)
      expect(((await res.json()) as { name: string }[]).map((row) => row.name)).toEqual(reference(filters))
    }
  })

  it('round-trip through the URL query, ignoring values they do not know', () => {
    const params = writeFilters({ q: 'a b&c', category: 'Official', sortBy: 'publishedAt', orderBy: 'asc' }, new URLSearchParams('utm=x'))
    expect(params.toString()).toBe('utm=x&category=Official&q=a+b%26c&sortBy=publishedAt&orderBy=asc')
    expect(readFilters(params)).toEqual({ q: 'a b&c', category: 'Official', sortBy: 'publishedAt', orderBy: 'asc' })
    expect(readFilters(new URLSearchParams('category=Nope&sortBy=name&orderBy=up'))).toEqual({ q: '' })
    expect(writeFilters({ q: '' }, params).toString()).toBe('utm=x')
  })
})

describe('GET /api/modules', () => {
  it('lists every module with the fields of the Module entity and the ecosystem figures', async () => {
    const res = await app.request('/api/modules')
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    const body = modulesResponseSchema.parse(await res.json())
    expect(body.modules.map((m) => m.name)).toEqual(reference({ q: '' }))
    expect(body.stats).toEqual({ maintainers: 0, contributors: fixture.config.stats.contributors, modules: modules.length })
    expect(Object.keys(body.modules[0] ?? {}).sort()).toEqual(['category', 'description', 'icon', 'maintainers', 'name', 'npm', 'repo', 'sponsor', 'stats', 'type'])
    expect(body.modules.find((m) => m.name === 'alpha')?.icon).toBe('/icons/modules/alpha.svg')
  })

  it('answers 304 to its ETag', async () => {
    const first = await app.request('/api/modules')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[\w-]{22}"$/)
    const again = await app.request('/api/modules', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect((await app.request('/api/stats', { headers: { 'if-none-match': etag } })).status).toBe(200)
  })
})
