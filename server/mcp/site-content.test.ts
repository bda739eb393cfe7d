import { describe, expect, it } from 'vitest'

import config from '../../site.config'
import type { BuiltSite } from '../site'
import { SiteContent } from './site-content'

const collection = (prefix: string) => ({ type: 'page' as const, prefix, table: '', checksum: 'c', rows: 1, columns: [], dump: '' })

describe('SiteContent', () => {
  it("reads the docs editions the build made, a language the server's config does not name among them", () => {
    const site: BuiltSite = {
      distDir: '/nowhere',
      buildId: 'b',
      routes: new Set(),
      redirects: {},
      manifest: { version: 1, buildId: 'b', collections: { docsv4: collection('/docs/4.x'), docsv4Es: collection('/es/docs/4.x'), docsv4Zh: collection('/zh/docs/4.x') } },
    } as unknown as BuiltSite
    const content = new SiteContent(site, config, new URL('https://docs.example.test'))
    expect(content.editions.map((e) => [e.collection, e.path, e.locale, e.original])).toEqual([
      ['docsv4', '/docs/4.x', 'en', '/docs/4.x'],
      ['docsv4Es', '/es/docs/4.x', 'es', '/docs/4.x'],
      ['docsv4Zh', '/zh/docs/4.x', 'zh', '/docs/4.x'],
    ])
    expect(content.edition('4.x', 'zh').collection).toBe('docsv4Zh')
    expect(content.editionOf('/zh/docs/4.x/guide/routing')?.locale).toBe('zh')
    expect(() => content.edition(undefined, 'fr')).toThrow('locale: the docs are not written in "fr"; they are in "en", "es", "zh"')
  })
})
