import { describe, expect, it, vi } from 'vitest'

import type { FetchJson } from '@/contract/prebuilt-index'
import type { SearchItem } from '@/contract/search-engine'

import { prebuiltFixture } from './prebuilt-fixture'
import { SEARCH_TURN_MS, SearchClient, type SearchReply, type SearchRequest } from './search-client'
import { answer, SearchSession } from './search-session'

const item = (id: string, title: string, content = '', kind: SearchItem['kind'] = 'blog'): SearchItem => ({ id, title, titles: [], content, level: 1, kind, to: id })
const items = [item('/blog/routing-tips', 'Routing tips', 'Pages become routes'), item('/blog/state', 'useState in practice', 'Shared state')]
const docs = [item('/docs/4.x/routing', 'Routing', 'Pages become routes, as the file tree says', 'docs'), item('/docs/4.x/fetch', 'useFetch', 'Fetch data', 'docs')]

/** A worker that answers as search.worker.ts does (its session reads the fixture's files), counting what it is asked. */
function fakeWorker(log: string[], fetchJson: FetchJson) {
  const session = new SearchSession(fetchJson)
  const worker = {
    onmessage: null as ((event: MessageEvent<SearchReply>) => void) | null,
    onerror: null,
    postMessage(request: SearchRequest) {
      log.push(request.type)
      void answer(session, request).then((reply) => worker.onmessage?.({ data: reply } as MessageEvent<SearchReply>))
    },
    terminate() {},
  }
  return worker as unknown as Worker
}

describe('the search client', () => {
  it('loads the blog in the worker, once, and returns its posts ranked', async () => {
    const log: string[] = []
    const fixture = prebuiltFixture([])
    const client = new SearchClient(() => fakeWorker(log, fixture.fetchJson))
    const blogOnly = fixture.source({ blog: items }, { docs: false })
    expect((await client.search(blogOnly, 'state')).map((r) => r.item.id)).toEqual(['/blog/state'])
    expect((await client.search(blogOnly, 'routes')).map((r) => r.item)).toEqual([items[0]])
    expect(log).toEqual(['search', 'search'])
    expect(fixture.asked).toEqual(['blog-search.json'])
  })

  it('searches the latest query only, once the one being searched has come back: the ones it replaced get no results', async () => {
    const log: string[] = []
    const fixture = prebuiltFixture([])
    const client = new SearchClient(() => fakeWorker(log, fixture.fetchJson))
    const blogOnly = fixture.source({ blog: items }, { docs: false })
    const answers = ['s', 'st', 'sta', 'state'].map((query) => client.search(blogOnly, query))
    expect(log).toEqual(['search'])
    const [first, ...rest] = await Promise.all(answers)
    expect(first).toEqual([])
    expect(rest.map((found) => found.map((r) => r.item.id))).toEqual([[], [], ['/blog/state']])
    expect(log).toEqual(['search', 'search'])
  })

  it('lets the next query go when the one being searched is stuck', async () => {
    const log: string[] = []
    const fixture = prebuiltFixture([])
    const stalled = new Promise<never>(() => {})
    // The first query's blog file never arrives; the next is asked for the providers, which do.
    const fetchJson: FetchJson = (url) => (url.endsWith('blog-search.json') ? stalled : fixture.fetchJson(url))
    const client = new SearchClient(() => fakeWorker(log, fetchJson))
    vi.useFakeTimers()
    try {
      void client.search(fixture.source({ blog: items }, { docs: false }), 'state')
      const next = client.search(fixture.source({ hosting: [item('/deploy/state-host', 'Statehost', 'Keeps state', 'hosting')] }, { docs: false }), 'statehost')
      await vi.advanceTimersByTimeAsync(SEARCH_TURN_MS - 1)
      expect(log).toEqual(['search'])
      await vi.advanceTimersByTimeAsync(1)
      expect(log).toEqual(['search', 'search'])
      vi.useRealTimers()
      expect((await next).map((r) => r.item.id)).toEqual(['/deploy/state-host'])
    } finally {
      vi.useRealTimers()
    }
  })

  it("opens a version's prebuilt index in the worker and ranks its sections with the items, their texts given after", async () => {
    const log: string[] = []
    const fixture = prebuiltFixture(docs)
    const client = new SearchClient(() => fakeWorker(log, fixture.fetchJson))
    const source = fixture.source({ blog: items })
    expect(await client.open(source)).toEqual([])
    const found = await client.search(source, 'routes')
    expect(found.map((r) => r.item.id)).toEqual(expect.arrayContaining(['/docs/4.x/routing', '/blog/routing-tips']))
    expect(found.find((r) => r.item.id === '/docs/4.x/routing')?.item).toEqual({ ...docs[0], content: '' })
    expect(await client.texts(fixture.url, ['/docs/4.x/routing'])).toEqual({ '/docs/4.x/routing': docs[0]?.content })
    expect(await client.open({ ...source, docs: { url: 'http://site.test/search/gone.json', label: 'Docs 4.x' } })).toEqual([{ label: 'Docs 4.x', reason: 'Failed to fetch' }])
  })

  it('starts its worker when warmed, before any query, and searches in that one worker', async () => {
    const log: string[] = []
    let started = 0
    const fixture = prebuiltFixture([])
    const client = new SearchClient(() => {
      started++
      return fakeWorker(log, fixture.fetchJson)
    })
    expect(started).toBe(0)
    client.warm()
    client.warm()
    expect(started).toBe(1)
    expect(log).toEqual([])
    expect((await client.search(fixture.source({ blog: items }, { docs: false }), 'state')).map((r) => r.item.id)).toEqual(['/blog/state'])
    expect(started).toBe(1)
  })

  it('gives the texts of sections by id from the worker, for the snippets an answer left out', async () => {
    const log: string[] = []
    const fixture = prebuiltFixture(docs)
    const client = new SearchClient(() => fakeWorker(log, fixture.fetchJson))
    expect(await client.texts(fixture.url, ['/docs/4.x/fetch', '/docs/4.x/gone'])).toEqual({ '/docs/4.x/fetch': 'Fetch data' })
    expect(log).toEqual(['texts'])
  })

  it('searches on the main thread where no worker starts', async () => {
    const fixture = prebuiltFixture(docs)
    const client = new SearchClient(
      () => {
        throw new Error('blocked')
      },
      () => new SearchSession(fixture.fetchJson),
    )
    const source = fixture.source({ blog: items })
    expect(await client.open(source)).toEqual([])
    expect((await client.search(source, 'usefetch')).map((r) => r.item.id)).toEqual(['/docs/4.x/fetch'])
    const withoutWorker = new SearchClient(undefined, () => new SearchSession(fixture.fetchJson))
    expect((await withoutWorker.search(source, 'usestate')).map((r) => r.item.id)).toEqual(['/blog/state'])
  })
})
