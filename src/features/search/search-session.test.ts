import { describe, expect, it, vi } from 'vitest'

import { prebuiltFixture } from './prebuilt-fixture'
import type { SearchItem } from './ranking'
import { SearchSession } from './search-session'

const item = (id: string, title: string, content: string, kind: SearchItem['kind'] = 'docs'): SearchItem => ({ id, title, titles: [], content, level: 1, kind, to: id })
const docs = ['middleware', 'midway', 'routing', 'rendering', 'state'].map((word) => item(`/docs/4.x/${word}`, word, `All about ${word} and more`))

describe('the search session', () => {
  it('quotes the texts of the last query asked, not of one typed further meanwhile', async () => {
    const fixture = prebuiltFixture(docs, { shard: 64, chunk: 16 })
    const session = new SearchSession(fixture.fetchJson)
    await session.open(fixture.url)
    fixture.asked.length = 0
    const [typing, typed] = await Promise.all([session.search(fixture.url, 'mid'), session.search(fixture.url, 'middleware')])
    expect(typing?.map((r) => r.item.content)).toEqual(['', ''])
    expect(typed?.map((r) => [r.item.id, r.item.content])).toEqual([['/docs/4.x/middleware', 'All about middleware and more']])
    expect(fixture.asked.filter((file) => file.startsWith('c'))).toHaveLength(1)
  })

  it("searches the items alone when the version's head cannot be read, and warns online", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const session = new SearchSession(prebuiltFixture(docs).fetchJson)
    session.index([item('/blog/middleware-tips', 'Middleware tips', 'Guards and more', 'blog')])
    expect((await session.search('http://site.test/search/gone.json', 'middleware')).map((r) => r.item.id)).toEqual(['/blog/middleware-tips'])
    expect(warn).toHaveBeenCalledWith('[site] the docs search could not be loaded:', expect.anything())
    warn.mockRestore()
  })
})
