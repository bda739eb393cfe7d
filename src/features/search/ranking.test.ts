import { describe, expect, it } from 'vitest'

import { snippet } from '@/contract/search-engine'

import { highlightParts } from './ranking'
import { inScope } from './scope'

describe('search results', () => {
  it('keeps a version to its own pages and always includes the blog', () => {
    expect(inScope('/docs/4.x/a', '/docs/4.x')).toBe(true)
    expect(inScope('/docs/3.x/a', '/docs/4.x')).toBe(false)
    expect(inScope('/blog/fjord-4#x', '/docs/3.x')).toBe(true)
    expect(inScope('/es/blog/fjord-4#x', '/es/docs/4.x')).toBe(true)
    expect(inScope('/es/docs/4.x/a', '/docs/4.x')).toBe(false)
  })

  it('cuts a snippet around the first matched word', () => {
    expect(snippet('a'.repeat(100) + ' needle ' + 'b'.repeat(200), ['needl'], 40)).toMatch(/^…a+ needle b+…$/)
    expect(snippet('Short text.', ['absent'])).toBe('Short text.')
  })

  it('marks the words a matched term begins (a stem marks its forms)', () => {
    expect(highlightParts('Navigating with navigateTo, not Routing.', ['navig'])).toEqual([
      { text: 'Navigating', match: true },
      { text: ' with ', match: false },
      { text: 'navigateTo', match: true },
      { text: ', not Routing.', match: false },
    ])
    expect(highlightParts('Nothing here', [])).toEqual([{ text: 'Nothing here', match: false }])
  })
})
