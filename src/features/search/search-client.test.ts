import { describe, expect, it } from 'vitest'

import { prebuiltFixture } from './prebuilt-fixture'
import type { FetchJson } from './prebuilt-index'
import type { SearchItem } from './ranking'
import { SearchClient, type SearchReply, type SearchRequest } from './search-client'
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
  it('indexes the items once in the worker and returns them ranked', async () => {
    const log: string[] = []
    const client = new SearchClient(() => fakeWorker(log, prebuiltFixture([]).fetchJson))
    expect((await client.search({ docs: undefined, items }, 'state')).map((r) => r.item.id)).toEqual(['/blog/state'])
    expect((await client.search({ docs: undefined, items }, 'routes')).map((r) => r.item)).toEqual([items[0]])
    expect(log).toEqual(['index', 'search', 'search'])
  })

  it('sends the first query along with its items, not once the worker has indexed them', async () => {
    const log: string[] = []
    const client = new SearchClient(() => fakeWorker(log, prebuiltFixture([]).fetchJson))
    const found = client.search({ docs: undefined, items }, 'state')
    expect(log).toEqual(['index', 'search'])
    expect((await found).map((r) => r.item.id)).toEqual(['/blog/state'])
  })

  it("opens a version's prebuilt index in the worker and ranks its sections with the items, their texts given after", async () => {
    const log: string[] = []
    const fixture = prebuiltFixture(docs)
    const client = new SearchClient(() => fakeWorker(log, fixture.fetchJson))
    await client.open(fixture.url)
    const found = await client.search({ docs: fixture.url, items }, 'routes')
    expect(found.map((r) => r.item.id)).toEqual(expect.arrayContaining(['/docs/4.x/routing', '/blog/routing-tips']))
    expect(found.find((r) => r.item.id === '/docs/4.x/routing')?.item).toEqual({ ...docs[0], content: '' })
    expect(await client.texts(fixture.url, ['/docs/4.x/routing'])).toEqual({ '/docs/4.x/routing': docs[0]?.content })
    await expect(client.open('http://site.test/search/gone.json')).rejects.toThrow()
  })

  it('starts its worker when warmed, before any query, and searches in that one worker', async () => {
    const log: string[] = []
    let started = 0
    const client = new SearchClient(() => {
      started++
      return fakeWorker(log, prebuiltFixture([]).fetchJson)
    })
    expect(started).toBe(0)
    client.warm()
    client.warm()
    expect(started).toBe(1)
    expect(log).toEqual([])
    expect((await client.search({ docs: undefined, items }, 'state')).map((r) => r.item.id)).toEqual(['/blog/state'])
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
    await client.open(fixture.url)
    expect((await client.search({ docs: fixture.url, items }, 'usefetch')).map((r) => r.item.id)).toEqual(['/docs/4.x/fetch'])
    expect((await new SearchClient(undefined).search({ docs: undefined, items }, 'usestate')).map((r) => r.item.id)).toEqual(['/blog/state'])
  })
})
