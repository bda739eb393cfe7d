import { describe, expect, it } from 'vitest'

import { menuTarget } from './menu-target'

// The demo's config: Spanish translates Getting Started and a few posts (site.config.ts, locales[1]).
describe('a menu entry from the page being read', () => {
  it('leads to the blog in the page’s language where the site translates it, else to the blog', () => {
    expect(menuTarget('/blog', '/es/docs/4.x/getting-started/introduction')).toBe('/es/blog')
    expect(menuTarget('/blog', '/es/blog/fjord-4-1')).toBe('/es/blog')
    expect(menuTarget('/blog', '/docs/4.x/getting-started/introduction')).toBe('/blog')
    expect(menuTarget('/blog/rss.xml', '/es/blog')).toBe('/es/blog/rss.xml')
  })

  it('leads a docs entry into the version read, and anything else where it says', () => {
    expect(menuTarget('/docs/api', '/docs/3.x/getting-started')).toBe('/docs/3.x/api')
    expect(menuTarget('/docs/api', '/modules')).toBe('/docs/4.x/api')
    expect(menuTarget('/modules', '/es/blog')).toBe('/modules')
    expect(menuTarget('/blogroll', '/es/blog')).toBe('/blogroll')
  })
})
