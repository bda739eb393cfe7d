import { describe, expect, it } from 'vitest'

import { processIndexTerm, processQueryTerm, SEARCH_LIMIT, SearchIndex, type SearchItem, tokenize } from './search-engine.ts'

const item = (id: string, title: string, content = '', titles: string[] = [], level = 2): SearchItem => ({ id, title, titles, content, level, kind: 'docs', to: id })

const items = [
  item('/docs/4.x/data', 'Data Fetching', 'useFetch and useAsyncData load data', [], 1),
  item('/docs/4.x/data#usefetch', 'useFetch', 'Fetch data with useFetch', ['Data Fetching']),
  item('/docs/4.x/routing', 'Routing', 'Pages become routes. Navigation happens with links or from code.', [], 1),
  item('/docs/4.x/navigate-to', 'navigateTo', 'Navigate programmatically from components.', [], 1),
  item('/docs/4.x/deploy', 'Deployment', 'Deploy to any host'),
]
const ids = (index: SearchIndex, query: string) => index.search(query).map((r) => r.item.id)

describe('the search index', () => {
  const index = new SearchIndex(items)

  it('ranks a title match over the same word in text, and a page over its sections', () => {
    expect(ids(index, 'usefetch')[0]).toBe('/docs/4.x/data#usefetch')
    expect(ids(index, 'data fetching')[0]).toBe('/docs/4.x/data')
  })

  it('finds what a reader means: word forms, prefixes while typing, one typo in a longer word, API names by their words', () => {
    expect(ids(index, 'navigate')).toContain('/docs/4.x/routing')
    expect(ids(index, 'navigat')[0]).toBe('/docs/4.x/navigate-to')
    expect(ids(index, 'deploymnt')).toEqual(['/docs/4.x/deploy'])
    expect(ids(index, 'navigate programmatically')[0]).toBe('/docs/4.x/navigate-to')
    expect(ids(index, 'async data')).toContain('/docs/4.x/data')
  })

  it('needs every word when some section has them all, and takes any of them when none has', () => {
    expect(ids(index, 'routes links')).toEqual(['/docs/4.x/routing'])
    expect(ids(index, 'routes zzzqqq')).toEqual(['/docs/4.x/routing'])
    expect(index.search('qqqzzz')).toEqual([])
    expect(index.search('   ')).toEqual([])
  })

  it('returns the matched words for highlighting, and at most 42 results', () => {
    expect(index.search('navigation')[0]?.terms).toEqual(expect.arrayContaining(['navig']))
    const many = new SearchIndex(Array.from({ length: 100 }, (_, i) => item(`/docs/4.x/p${i}`, `Page ${i}`, 'config')))
    expect(many.search('config')).toHaveLength(SEARCH_LIMIT)
  })

  it('reads identifiers as words too, and leaves out words that say nothing', () => {
    expect(tokenize('useAsyncData and navigate-to')).toEqual(['useAsyncData', 'use', 'Async', 'Data', 'and', 'navigate-to', 'navigate', 'to'])
    expect(processQueryTerm('How')).toBeNull()
    expect(processQueryTerm('Navigation')).toBe('navig')
    expect(processIndexTerm('Navigation')).toEqual(['navig', 'navigation'])
  })
})
