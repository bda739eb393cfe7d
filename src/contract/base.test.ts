import { describe, expect, it } from 'vitest'

import { baseProblem, isUnderBase, normalizeBase, stripBase, withBase } from './base'

describe('the base path', () => {
  it('is kept with a slash at both ends, however it was written', () => {
    expect(normalizeBase('/fjord/')).toBe('/fjord/')
    expect(normalizeBase('fjord')).toBe('/fjord/')
    expect(normalizeBase('/fjord')).toBe('/fjord/')
    expect(normalizeBase('fjord/')).toBe('/fjord/')
    expect(normalizeBase('//docs//fjord//')).toBe('/docs/fjord/')
    expect(normalizeBase('')).toBe('/')
    expect(normalizeBase('/')).toBe('/')
  })

  it('refuses segments a URL would resolve away or a host would read otherwise', () => {
    expect(baseProblem('/fjord/')).toBeUndefined()
    expect(baseProblem('/my-site_2.0/docs/')).toBeUndefined()
    expect(baseProblem('/../x/')).toMatch(/"\." or "\.\."/)
    expect(baseProblem('/a b/')).toMatch(/letters, digits/)
    expect(baseProblem('/a?b/')).toMatch(/letters, digits/)
    expect(baseProblem('/a%2fb/')).toMatch(/letters, digits/)
  })

  it('puts site paths under the base and leaves everything else alone', () => {
    expect(withBase('/fjord/', '/')).toBe('/fjord/')
    expect(withBase('/fjord/', '/docs/4.x')).toBe('/fjord/docs/4.x')
    expect(withBase('/fjord/', '/docs/4.x?q=1#top')).toBe('/fjord/docs/4.x?q=1#top')
    expect(withBase('/fjord/', 'https://fjord.dev/docs')).toBe('https://fjord.dev/docs')
    expect(withBase('/fjord/', '//cdn.example.com/a.js')).toBe('//cdn.example.com/a.js')
    expect(withBase('/fjord/', '#install')).toBe('#install')
    expect(withBase('/fjord/', 'mailto:team@fjord.dev')).toBe('mailto:team@fjord.dev')
    expect(withBase('/', '/docs/4.x')).toBe('/docs/4.x')
  })

  it('applies once: a site may have a page whose path starts like the base', () => {
    expect(withBase('/fjord/', '/fjord/news')).toBe('/fjord/fjord/news')
  })

  it('takes the base off a path under it, giving the site path', () => {
    expect(stripBase('/fjord/', '/fjord/docs/4.x')).toBe('/docs/4.x')
    expect(stripBase('/fjord/', '/fjord/')).toBe('/')
    expect(stripBase('/fjord/', '/fjord')).toBe('/')
    expect(stripBase('/', '/docs')).toBe('/docs')
    expect(stripBase('/fjord/', '/other/page')).toBe('/other/page')
    expect(stripBase('/fjord/', withBase('/fjord/', '/blog/rss.xml'))).toBe('/blog/rss.xml')
  })

  it('tells a path under the base from one beside it', () => {
    expect(isUnderBase('/fjord/', '/fjord')).toBe(true)
    expect(isUnderBase('/fjord/', '/fjord/')).toBe(true)
    expect(isUnderBase('/fjord/', '/fjord/docs')).toBe(true)
    expect(isUnderBase('/fjord/', '/fjordx')).toBe(false)
    expect(isUnderBase('/fjord/', '/')).toBe(false)
    expect(isUnderBase('/', '/anything')).toBe(true)
  })
})
