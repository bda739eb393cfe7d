import { describe, expect, it, vi } from 'vitest'

import type { SearchItem } from '@/contract/search-engine'

import { prebuiltFixture } from './prebuilt-fixture'
import { SearchSession } from './search-session'

const item = (id: string, title: string, content: string, kind: SearchItem['kind'] = 'docs'): SearchItem => ({ id, title, titles: [], content, level: 1, kind, to: id })
const docs = ['middleware', 'midway', 'routing', 'rendering', 'state'].map((word) => item(`/docs/4.x/${word}`, word, `All about ${word} and more`))

describe('the search session', () => {
  it('answers without waiting for a text: its sections carry the texts already loaded, and the others are given by id', async () => {
    const many = Array.from({ length: 15 }, (_, i) => item(`/docs/4.x/page-${i}`, `Guide ${i}`, `Hooks guide number ${i}`))
    const fixture = prebuiltFixture(many, { shard: 64, chunk: 16 })
    const session = new SearchSession(fixture.fetchJson)
    const source = fixture.source()
    const found = await session.search(source, 'hooks')
    expect(found).toHaveLength(many.length)
    expect(found.map((r) => r.item.content)).toEqual(found.map(() => ''))
    expect(fixture.asked.filter((file) => file.startsWith('c'))).toEqual([])
    const first = found.slice(0, 3).map((r) => r.item.id)
    const texts = await session.texts(fixture.url, first)
    expect(first.map((id) => texts[id])).toEqual(first.map((id) => many.find((m) => m.id === id)?.content))
    // One chunk a section here: only the asked sections' chunks were loaded, and the next answer quotes them.
    expect(fixture.asked.filter((file) => file.startsWith('c'))).toHaveLength(3)
    const again = await session.search(source, 'hooks guide')
    expect(
      again
        .filter((r) => r.item.content)
        .map((r) => r.item.id)
        .sort(),
    ).toEqual([...first].sort())
    expect(fixture.asked.filter((file) => file.startsWith('c'))).toHaveLength(3)
  })

  it("searches the blog alone when the version's head cannot be read, and names the version as missing", async () => {
    const fixture = prebuiltFixture(docs)
    const session = new SearchSession(fixture.fetchJson)
    const source = {
      ...fixture.source({ blog: [item('/blog/middleware-tips', 'Middleware tips', 'Guards and more', 'blog')] }),
      docs: { url: 'http://site.test/search/gone.json', label: 'Docs 4.x' },
    }
    expect(await session.open(source)).toEqual([{ label: 'Docs 4.x', reason: 'Failed to fetch' }])
    expect((await session.search(source, 'middleware')).map((r) => r.item.id)).toEqual(['/blog/middleware-tips'])
  })

  it('keeps the blog posts of the version read and of none, and each provider by its page', async () => {
    const fixture = prebuiltFixture([])
    const blog = [item('/blog/tips', 'Middleware tips', 'Guards'), item('/docs/3.x/blog-note', 'Middleware in 3.x', 'Old guards')]
    const hosting = [item('/deploy/bluefin', 'Bluefin', 'Middleware at the edge'), item('/deploy/bluefin#setup', 'Setup', 'Middleware setup')]
    const source = fixture.source({ blog, hosting }, { docs: false, scope: '/docs/4.x' })
    const found = await new SearchSession(fixture.fetchJson).search(source, 'middleware')
    expect(found.map((r) => [r.item.id, r.item.kind]).sort()).toEqual([
      ['/blog/tips', 'blog'],
      ['/deploy/bluefin', 'hosting'],
    ])
  })

  it("searches the version's other languages when the source names them, each by its own rules, their sections marked with their locale", async () => {
    const english = prebuiltFixture([item('/docs/4.x/configuration', 'Configuration', 'Configuring the app in one file')])
    const spanish = prebuiltFixture([item('/es/docs/4.x/configuration', 'Configuración', 'La configuración de la aplicación')], undefined, {
      lang: 'es',
      url: 'http://site.test/es/search/head.json',
    })
    const fetchJson = (url: string) => (url.startsWith('http://site.test/search/') ? english : spanish).fetchJson(url)
    const session = new SearchSession(fetchJson)
    const own = { ...spanish.source({ blog: [item('/blog/config-tips', 'Configuring tips', 'More', 'blog')] }), docs: { url: spanish.url, label: 'Docs 4.x' } }
    const all = { ...own, translations: [{ url: english.url, label: 'Docs 4.x (English)', locale: 'en' }] }
    const found = async (source: typeof own, query: string) => (await session.search(source, query)).map((r) => [r.item.id, r.item.locale ?? null])
    // The page's language alone by default.
    expect(await found(own, 'configuracion')).toEqual([['/es/docs/4.x/configuration', null]])
    // `configuring` is stemmed in the English index (as its pages were), not in the Spanish one.
    expect(await found(all, 'configuring')).toEqual(expect.arrayContaining([['/docs/4.x/configuration', 'en']]))
    expect((await found(all, 'configuring')).filter(([id]) => id === '/es/docs/4.x/configuration')).toEqual([])
    expect((await found(all, 'configuracion')).sort()).toEqual([
      ['/docs/4.x/configuration', 'en'],
      ['/es/docs/4.x/configuration', null],
    ])
    // The blog's posts come once, with the page's own edition.
    expect((await found(all, 'tips')).map(([id]) => id)).toEqual(['/blog/config-tips'])
    // Another language's texts are read from its own index.
    expect(await session.texts(english.url, ['/docs/4.x/configuration'])).toEqual({ '/docs/4.x/configuration': 'Configuring the app in one file' })
    // One that cannot be loaded is named, and the rest searched.
    const gone = { ...own, translations: [{ url: 'http://site.test/fr/search/gone.json', label: 'Docs 4.x (Français)', locale: 'fr' }] }
    expect(await session.open(gone)).toEqual([{ label: 'Docs 4.x (Français)', reason: 'Failed to fetch' }])
    expect(await found(gone, 'configuracion')).toEqual([['/es/docs/4.x/configuration', null]])
  })

  it('asks again for a group that was missing when told to, and for nothing once all are there', async () => {
    const fixture = prebuiltFixture(docs)
    const fetchJson = vi.fn(fixture.fetchJson)
    const session = new SearchSession(fetchJson)
    const source = fixture.source({ blog: [] })
    const blogFile = fixture.files.get('blog-search.json')
    fixture.files.delete('blog-search.json')
    expect((await session.open(source)).map((group) => group.label)).toEqual(['Blog'])
    // A search does not ask again; the next opening does.
    await session.search(source, 'routing')
    expect(fixture.asked.filter((name) => name === 'blog-search.json')).toHaveLength(1)
    fixture.files.set('blog-search.json', blogFile)
    expect(await session.open(source, { again: true })).toEqual([])
    expect(await session.open(source, { again: true })).toEqual([])
    expect(fixture.asked.filter((name) => name === 'blog-search.json')).toHaveLength(2)
  })
})
