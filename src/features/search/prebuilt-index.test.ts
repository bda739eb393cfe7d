import { describe, expect, it } from 'vitest'

import { oneEditApart, PrebuiltIndex } from '@/contract/prebuilt-index'
import type { SearchItem } from '@/contract/search-engine'
import { bestOf, type RankedResult, SearchIndex } from '@/contract/search-engine'

import { prebuiltFixture } from './prebuilt-fixture'

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

  it("reads a query by the rules of the language its head names, as the build read the edition's pages", async () => {
    const pages: SearchItem[] = [
      item('/ru/docs/4.x/generate', 'Генерация страниц', 'Команда generate создаёт страницы заранее.', [], 1),
      item('/ru/docs/4.x/general', 'Общие настройки', 'Раздел general описывает настройки приложения.', [], 1),
    ]
    const found = async (lang: string | undefined, query: string) => {
      const fixture = prebuiltFixture(pages, undefined, lang ? { lang } : {})
      const prebuilt = await PrebuiltIndex.open(fixture.url, fixture.fetchJson)
      return (await bestOf(query, (combineWith) => prebuilt.find(query, combineWith))).map((r) => r.item.id)
    }
    // In Russian `generate` is the word as written; English would stem it to `gener`, as it does `general`.
    expect(await found('ru-RU', 'generate')).toEqual(['/ru/docs/4.x/generate'])
    expect((await found(undefined, 'generate')).sort()).toEqual(['/ru/docs/4.x/general', '/ru/docs/4.x/generate'])
    expect(await found('ru-RU', 'настройки')).toEqual(['/ru/docs/4.x/general'])
  })

  it('finds a Spanish word by itself and without its accents', async () => {
    const pages: SearchItem[] = [
      item('/es/docs/4.x/configuration', 'Configuración', 'La configuración de la aplicación vive en un archivo.', [], 1),
      item('/es/docs/4.x/installation', 'Instalación', 'Instala el paquete con npm.', [], 1),
    ]
    const fixture = prebuiltFixture(pages, undefined, { lang: 'es' })
    expect(fixture.head.lang).toBe('es')
    const prebuilt = await PrebuiltIndex.open(fixture.url, fixture.fetchJson)
    const first = async (query: string) => (await bestOf(query, (combineWith) => prebuilt.find(query, combineWith)))[0]?.item.id
    expect(await first('configuración')).toBe('/es/docs/4.x/configuration')
    expect(await first('configuracion')).toBe('/es/docs/4.x/configuration')
    expect(await first('CONFIGURACIÓN')).toBe('/es/docs/4.x/configuration')
    expect(await first('instalacion')).toBe('/es/docs/4.x/installation')
  })

  it('finds a Korean page by a two-syllable word its text writes with a particle attached, or inside a compound', async () => {
    const pages: SearchItem[] = [
      item('/ko/docs/4.x/configuration', '구성', '프로젝트의 설정을 바꾸려면 구성 파일을 엽니다.', [], 1),
      item('/ko/docs/4.x/routing', '라우팅', '파일 기반 라우팅이 페이지마다 경로를 만듭니다.', [], 1),
      item('/ko/docs/4.x/environment', '환경', '환경변수는 배포할 때 읽습니다.', [], 1),
    ]
    const fixture = prebuiltFixture(pages, undefined, { lang: 'ko-KR' })
    const prebuilt = await PrebuiltIndex.open(fixture.url, fixture.fetchJson)
    const ids = async (query: string) => (await bestOf(query, (combineWith) => prebuilt.find(query, combineWith))).map((r) => r.item.id)
    expect(await ids('설정')).toEqual(['/ko/docs/4.x/configuration'])
    expect(await ids('설정을')).toEqual(['/ko/docs/4.x/configuration'])
    expect(await ids('경로')).toEqual(['/ko/docs/4.x/routing'])
    expect(await ids('라우팅')).toEqual(['/ko/docs/4.x/routing'])
    // `환경변수` (environment variable) is two words written as one: the second is found too.
    expect(await ids('변수')).toEqual(['/ko/docs/4.x/environment'])
  })

  it('finds a Chinese or Japanese page by a two-character word inside a sentence, in an edition of its language', async () => {
    const zh = prebuiltFixture([item('/zh/docs/4.x/routing', '路由', '基于文件的路由系统会为每个页面创建路由配置。', [], 1)], undefined, { lang: 'zh-Hans' })
    const ja = prebuiltFixture([item('/ja/docs/4.x/routing', 'ルーティング', 'ファイルベースのルーティングを使います。', [], 1)], undefined, { lang: 'ja' })
    for (const [fixture, query, id] of [
      [zh, '配置', '/zh/docs/4.x/routing'],
      [zh, '页面', '/zh/docs/4.x/routing'],
      [ja, 'ベース', '/ja/docs/4.x/routing'],
      [ja, '使い', '/ja/docs/4.x/routing'],
    ] as const) {
      const prebuilt = await PrebuiltIndex.open(fixture.url, fixture.fetchJson)
      expect(
        (await bestOf(query, (combineWith) => prebuilt.find(query, combineWith))).map((r) => r.item.id),
        query,
      ).toEqual([id])
    }
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
