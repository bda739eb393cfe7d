import { describe, expect, it } from 'vitest'

import { inScope, search, SEARCH_LIMIT, snippet, type SearchItem } from './ranking'

const item = (id: string, title: string, content = '', titles: string[] = [], level = 2): SearchItem => ({ id, title, titles, content, level, kind: 'docs', to: id })

describe('search', () => {
  const items = [
    item('/docs/4.x/a', 'Data Fetching', 'useFetch and useAsyncData load data', [], 1),
    item('/docs/4.x/a#fetch', 'useFetch', 'Fetch data with useFetch', ['Data Fetching']),
    item('/docs/4.x/b', 'Routing', 'Pages become routes; fetch nothing here', [], 1),
    item('/docs/4.x/c#x', 'Deployment', 'Deploy to any host'),
  ]

  it('needs every word, ranks titles over text, and finds nothing for nonsense', () => {
    expect(search(items, 'usefetch').map((r) => r.item.id)).toEqual(['/docs/4.x/a#fetch', '/docs/4.x/a'])
    expect(search(items, 'fetch data').map((r) => r.item.title)).toEqual(['Data Fetching', 'useFetch'])
    expect(search(items, 'routes fetch').map((r) => r.item.id)).toEqual(['/docs/4.x/b'])
    expect(search(items, 'qqqzzz')).toEqual([])
    expect(search(items, '   ')).toEqual([])
  })

  it('falls back to letters in order within a title', () => {
    expect(search(items, 'dplymnt').map((r) => r.item.title)).toEqual(['Deployment'])
  })

  it('returns at most 42 results', () => {
    const many = Array.from({ length: 100 }, (_, i) => item(`/docs/4.x/p${i}`, `Page ${i}`, 'config'))
    expect(search(many, 'config')).toHaveLength(SEARCH_LIMIT)
  })

  it('keeps a version to its own pages and always includes the blog', () => {
    expect(inScope('/docs/4.x/a', '/docs/4.x')).toBe(true)
    expect(inScope('/docs/3.x/a', '/docs/4.x')).toBe(false)
    expect(inScope('/blog/fjord-4#x', '/docs/3.x')).toBe(true)
  })

  it('cuts a snippet around the first word', () => {
    expect(snippet('a'.repeat(100) + ' needle ' + 'b'.repeat(200), 'needle', 40)).toMatch(/^…a+ needle b+…$/)
  })
})
