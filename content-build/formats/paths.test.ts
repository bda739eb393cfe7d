import { describe, expect, it } from 'vitest'

import { compareContentFiles, literalPathFromFile, pathFromFile, stripOrderPrefix, titleFromSegment } from './paths'

describe('content paths', () => {
  it('drops numeric order prefixes and the extension', () => {
    expect(pathFromFile('1.getting-started/2.installation.md', '/docs/4.x')).toBe('/docs/4.x/getting-started/installation')
  })

  it('makes index.md the page of its folder', () => {
    expect(pathFromFile('2.guide/index.md', '/docs/4.x')).toBe('/docs/4.x/guide')
    expect(pathFromFile('index.md', '/')).toBe('/')
    expect(pathFromFile('index.md', '/blog')).toBe('/blog')
  })

  it('slugs names as Nuxt Content does, and knows the name as written when it differs', () => {
    expect(pathFromFile('3.api/2.$fetch.md', '/docs/4.x')).toBe('/docs/4.x/api/dollarfetch')
    expect(pathFromFile('3.api/useAsyncData.md', '/docs/4.x')).toBe('/docs/4.x/api/useasyncdata')
    expect(pathFromFile('Getting Started/index.md', '/docs/4.x')).toBe('/docs/4.x/getting-started')
    expect(literalPathFromFile('3.api/2.$fetch.md', '/docs/4.x')).toBe('/docs/4.x/api/$fetch')
    expect(literalPathFromFile('1.getting-started/2.installation.md', '/docs/4.x')).toBeUndefined()
  })

  it('mounts YAML files under the prefix the same way', () => {
    expect(pathFromFile('enterprise/support.yml', '/')).toBe('/enterprise/support')
  })

  it('keeps a number that is the whole name', () => {
    expect(stripOrderPrefix('10.')).toBe('10.')
    expect(stripOrderPrefix('2024')).toBe('2024')
    expect(stripOrderPrefix('12.routing')).toBe('routing')
  })

  it('orders by numeric prefix, not by text', () => {
    const files = ['10.ten.md', '2.two.md', '1.one.md', 'zeta.md', 'alpha.md', 'index.md']
    expect([...files].sort(compareContentFiles)).toEqual(['index.md', '1.one.md', '2.two.md', '10.ten.md', 'alpha.md', 'zeta.md'])
  })

  it('orders folders by their prefix before their contents', () => {
    const files = ['2.guide/1.intro.md', '1.start/9.last.md', '1.start/index.md', '10.api/1.a.md']
    expect([...files].sort(compareContentFiles)).toEqual(['1.start/index.md', '1.start/9.last.md', '2.guide/1.intro.md', '10.api/1.a.md'])
  })

  it('titles a file or folder from its name', () => {
    expect(titleFromSegment('3.directory-structure')).toBe('Directory Structure')
  })
})
