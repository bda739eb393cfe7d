import { describe, expect, it, vi } from 'vitest'

import { prebuiltFixture } from './prebuilt-fixture'
import type { SearchItem } from './ranking'
import { SearchSession } from './search-session'

const item = (id: string, title: string, content: string, kind: SearchItem['kind'] = 'docs'): SearchItem => ({ id, title, titles: [], content, level: 1, kind, to: id })
const docs = ['middleware', 'midway', 'routing', 'rendering', 'state'].map((word) => item(`/docs/4.x/${word}`, word, `All about ${word} and more`))

describe('the search session', () => {
  it('answers without waiting for a text: its sections carry the texts already loaded, and the others are given by id', async () => {
    const many = Array.from({ length: 15 }, (_, i) => item(`/docs/4.x/page-${i}`, `Guide ${i}`, `Hooks guide number ${i}`))
    const fixture = prebuiltFixture(many, { shard: 64, chunk: 16 })
    const session = new SearchSession(fixture.fetchJson)
    const found = await session.search(fixture.url, 'hooks')
    expect(found).toHaveLength(many.length)
    expect(found.map((r) => r.item.content)).toEqual(found.map(() => ''))
    expect(fixture.asked.filter((file) => file.startsWith('c'))).toEqual([])
    const first = found.slice(0, 3).map((r) => r.item.id)
    const texts = await session.texts(fixture.url, first)
    expect(first.map((id) => texts[id])).toEqual(first.map((id) => many.find((m) => m.id === id)?.content))
    // One chunk a section here: only the asked sections' chunks were loaded, and the next answer quotes them.
    expect(fixture.asked.filter((file) => file.startsWith('c'))).toHaveLength(3)
    const again = await session.search(fixture.url, 'hooks guide')
    expect(
      again
        .filter((r) => r.item.content)
        .map((r) => r.item.id)
        .sort(),
    ).toEqual([...first].sort())
    expect(fixture.asked.filter((file) => file.startsWith('c'))).toHaveLength(3)
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
