import { describe, expect, it } from 'vitest'

import { bestOf, type RankedResult, SearchIndex } from './engine'
import { prebuiltFixture } from './prebuilt-fixture'
import { oneEditApart, PrebuiltIndex } from './prebuilt-index'
import type { SearchItem } from './ranking'

const item = (id: string, title: string, content: string, titles: string[] = [], level = 2): SearchItem => ({ id, title, titles, content, level, kind: 'docs', to: id })

const words = 'cache cookie fetch hydrate island layout middleware module navigate plugin prerender render route server session state storage stream test'.split(' ')
/** Pages with sections whose words overlap (as real docs do), enough for many shards and chunks. */
const items: SearchItem[] = [
  item('/docs/4.x/data', 'Data Fetching', 'useFetch and useAsyncData load data', [], 1),
  item('/docs/4.x/data#usefetch', 'useFetch', 'Fetch data with useFetch', ['Data Fetching']),
  item('/docs/4.x/routing', 'Routing', 'Pages become routes. Navigation happens with links or from code.', [], 1),
  item('/docs/4.x/navigate-to', 'navigateTo', 'Navigate programmatically from components.', [], 1),
  item('/docs/4.x/deploy', 'Deployment', 'Deploy to any host', [], 1),
  ...words.flatMap((word, i) => [
    item(
      `/docs/4.x/${word}`,
      `${word[0]?.toUpperCase()}${word.slice(1)} guide`,
      `How the ${word} works with the ${words[(i + 3) % words.length]} and the ${words[(i + 7) % words.length]}.`,
      [],
      1,
    ),
    item(`/docs/4.x/${word}#options`, 'Options', `Configure ${word} caching, ${words[(i + 1) % words.length]} and streaming for every request.`, [`${word} guide`]),
    item(`/docs/4.x/${word}#options-advanced`, 'Advanced', `Deploying ${word}s behind a ${words[(i + 5) % words.length]} server.`, [`${word} guide`, 'Options']),
  ]),
]
const queries = [
  'usefetch',
  'navigate programmatically',
  'deploymnt',
  'data fetching',
  'nav',
  'midleware',
  'server cache',
  'options',
  'stream req',
  'async data',
  'qqqzzz',
  'how does the cache work',
]

/** Results with their sections' texts, loaded as the palette asks for them (`texts`, then what is loaded). */
async function quoted(prebuilt: PrebuiltIndex, results: readonly RankedResult[]): Promise<RankedResult[]> {
  await prebuilt.texts(results.flatMap((r) => (r.item.kind === 'docs' ? [r.item.id] : [])))
  return prebuilt.withLoadedTexts(results)
}

const comparable = (results: readonly RankedResult[]) =>
  results.map((r) => ({ id: r.item.id, content: r.item.content, title: r.item.title, titles: r.item.titles, level: r.item.level, terms: [...r.terms].sort() }))

describe("a docs version's prebuilt index", () => {
  it('ranks, scores and quotes every query as one index over the whole version would', async () => {
    const whole = new SearchIndex(items)
    const fixture = prebuiltFixture(items)
    expect(fixture.head.shards.length).toBeGreaterThan(5)
    expect(fixture.head.chunks.length).toBeGreaterThan(5)
    const prebuilt = await PrebuiltIndex.open(fixture.url, fixture.fetchJson)
    for (const query of queries) {
      const found = await quoted(prebuilt, await bestOf(query, (combineWith) => prebuilt.find(query, combineWith)))
      const wanted = whole.search(query)
      expect(comparable(found), query).toEqual(comparable(wanted))
      found.forEach((result, i) => expect(result.score, query).toBeCloseTo(wanted[i]?.score ?? NaN, 9))
    }
  })

  it('loads for a query only the shards of its words, their prefix matches and their one-typo neighbours', async () => {
    const fixture = prebuiltFixture(items)
    const prebuilt = await PrebuiltIndex.open(fixture.url, fixture.fetchJson)
    const { terms, shards } = fixture.head
    const shardOf = (term: string) => shards.findLastIndex((s) => s.start <= terms.indexOf(term))
    // `midleware` (stemmed `midlewar`) is one letter from `middlewar`, the stem of `middleware`.
    expect(prebuilt.shardsFor('midleware')).toContain(shardOf('middlewar'))
    expect(prebuilt.shardsFor('midleware').length).toBeLessThan(shards.length / 2)
    // A prefix from three letters: `navig` and `navigateto`; not below three.
    expect(prebuilt.shardsFor('nav')).toEqual(expect.arrayContaining([shardOf('navig'), shardOf('navigateto')]))
    expect(prebuilt.shardsFor('na')).toEqual([])
    fixture.asked.length = 0
    await prebuilt.find('middleware', 'AND')
    expect(fixture.asked.every((file) => file.startsWith('t'))).toBe(true)
    expect(fixture.asked.length).toBeLessThan(shards.length / 2)
    // What it has it keeps.
    fixture.asked.length = 0
    await prebuilt.find('middleware', 'OR')
    expect(fixture.asked).toEqual([])
  })

  it('loads the texts of the results it quotes only, and quotes none where a chunk cannot be read', async () => {
    const fixture = prebuiltFixture(items)
    const prebuilt = await PrebuiltIndex.open(fixture.url, fixture.fetchJson)
    const found = await prebuilt.find('usefetch', 'AND')
    expect(found.every((r) => r.item.content === '')).toBe(true)
    fixture.asked.length = 0
    const told = await quoted(prebuilt, found)
    expect(told.map((r) => r.item.content)).toEqual(found.map((r) => items.find((i) => i.id === r.item.id)?.content))
    expect(fixture.asked.every((file) => file.startsWith('c'))).toBe(true)
    expect(fixture.asked.length).toBeLessThan(fixture.head.chunks.length / 2)
    for (const name of fixture.files.keys()) if (name.startsWith('c')) fixture.files.delete(name)
    const other = await PrebuiltIndex.open(fixture.url, fixture.fetchJson)
    expect((await quoted(other, await other.find('usefetch', 'AND'))).map((r) => r.item.content)).toEqual(found.map(() => ''))
  })

  it('fails to open when its head cannot be read, and fails a query whose shards cannot be', async () => {
    const fixture = prebuiltFixture(items)
    await expect(PrebuiltIndex.open('http://site.test/search/gone.json', fixture.fetchJson)).rejects.toThrow()
    const prebuilt = await PrebuiltIndex.open(fixture.url, fixture.fetchJson)
    for (const name of fixture.files.keys()) if (name.startsWith('t')) fixture.files.delete(name)
    await expect(prebuilt.find('usefetch', 'AND')).rejects.toThrow()
  })

  it('finds Chinese and Japanese pages by a two-character word inside a sentence, and Russian ones by their words as written', async () => {
    const pages: SearchItem[] = [
      item('/zh/docs/4.x/routing', '路由', '基于文件的路由系统会为每个页面创建路由配置。', [], 1),
      item('/zh/docs/4.x/data', '数据获取', '在服务器和浏览器中获取数据。', [], 1),
      item('/ja/docs/4.x/routing', 'ルーティング', 'ファイルベースのルーティングを使います。', [], 1),
      item('/ru/docs/4.x/routing', 'Маршрутизация', 'Файловая маршрутизация создаёт маршруты для страниц.', [], 1),
      item('/ru/docs/4.x/data', 'Получение данных', 'Данные загружаются на сервере.', [], 1),
    ]
    const prebuilt = await PrebuiltIndex.open(prebuiltFixture(pages).url, prebuiltFixture(pages).fetchJson)
    const first = async (query: string) => (await bestOf(query, (combineWith) => prebuilt.find(query, combineWith)))[0]?.item.id
    expect(await first('路由')).toBe('/zh/docs/4.x/routing')
    expect(await first('配置')).toBe('/zh/docs/4.x/routing')
    expect(await first('获取数据')).toBe('/zh/docs/4.x/data')
    expect(await first('ルーティング')).toBe('/ja/docs/4.x/routing')
    expect(await first('маршрутизация')).toBe('/ru/docs/4.x/routing')
    expect(await first('данных')).toBe('/ru/docs/4.x/data')
  })

  it('counts one letter inserted, removed or changed as one typo, as MiniSearch does', () => {
    expect(oneEditApart('midleware', 'middleware')).toBe(true)
    expect(oneEditApart('middleware', 'midleware')).toBe(true)
    expect(oneEditApart('deploymnt', 'deploymet')).toBe(true)
    expect(oneEditApart('deploy', 'deploy')).toBe(false)
    expect(oneEditApart('deploy', 'dpeloy')).toBe(false)
    expect(oneEditApart('route', 'routers')).toBe(false)
  })
})
