import { describe, expect, it, vi } from 'vitest'

import { prebuiltFixture } from './prebuilt-fixture'
import type { SearchItem } from './ranking'
import { SearchSession, TEXTS_FIRST } from './search-session'

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

  it('answers with the texts of its first results only, and gives the others by id', async () => {
    const many = Array.from({ length: TEXTS_FIRST + 5 }, (_, i) => item(`/docs/4.x/page-${i}`, `Guide ${i}`, `Hooks guide number ${i}`))
    const fixture = prebuiltFixture(many, { shard: 64, chunk: 16 })
    const session = new SearchSession(fixture.fetchJson)
    const found = await session.search(fixture.url, 'hooks')
    expect(found).toHaveLength(many.length)
    expect(found.slice(0, TEXTS_FIRST).every((r) => r.item.content.startsWith('Hooks guide number'))).toBe(true)
    const untold = found.slice(TEXTS_FIRST)
    expect(untold.map((r) => r.item.content)).toEqual(untold.map(() => ''))
    // One chunk a section here: only the first results' chunks were loaded with the answer.
    expect(fixture.asked.filter((file) => file.startsWith('c'))).toHaveLength(TEXTS_FIRST)
    const texts = await session.texts(
      fixture.url,
      untold.map((r) => r.item.id),
    )
    expect(untold.map((r) => texts[r.item.id])).toEqual(untold.map((r) => many.find((m) => m.id === r.item.id)?.content))
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
