import { describe, expect, it } from 'vitest'

import { SearchIndex } from './engine'
import type { SearchItem } from './ranking'
import { SearchClient, type SearchReply, type SearchRequest } from './search-client'

const item = (id: string, title: string, content = ''): SearchItem => ({ id, title, titles: [], content, level: 1, kind: 'docs', to: id })
const items = [item('/docs/4.x/routing', 'Routing', 'Pages become routes'), item('/docs/4.x/state', 'useState', 'Shared state')]

/** A worker that answers as search.worker.ts does, counting what it is asked. */
function fakeWorker(log: string[]) {
  let index: SearchIndex | undefined
  const worker = {
    onmessage: null as ((event: MessageEvent<SearchReply>) => void) | null,
    onerror: null,
    postMessage(request: SearchRequest) {
      log.push(request.type)
      queueMicrotask(() => {
        if (request.type === 'index') index = new SearchIndex(request.items)
        const reply: SearchReply =
          request.type === 'index'
            ? { type: 'indexed', id: request.id }
            : { type: 'results', id: request.id, results: (index?.search(request.query) ?? []).map((r) => ({ id: r.item.id, score: r.score, terms: r.terms })) }
        worker.onmessage?.({ data: reply } as MessageEvent<SearchReply>)
      })
    },
    terminate() {},
  }
  return worker as unknown as Worker
}

describe('the search client', () => {
  it('indexes a version once in the worker and returns its items ranked', async () => {
    const log: string[] = []
    const client = new SearchClient(() => fakeWorker(log))
    expect((await client.search('/docs/4.x', items, 'state')).map((r) => r.item.id)).toEqual(['/docs/4.x/state'])
    expect((await client.search('/docs/4.x', items, 'routes')).map((r) => r.item)).toEqual([items[0]])
    expect(log).toEqual(['index', 'search', 'search'])
  })

  it('searches on the main thread where no worker starts', async () => {
    const client = new SearchClient(() => {
      throw new Error('blocked')
    })
    expect((await client.search('/docs/4.x', items, 'routing')).map((r) => r.item.id)).toEqual(['/docs/4.x/routing'])
    expect((await new SearchClient(undefined).search('/docs/4.x', items, 'usestate')).map((r) => r.item.id)).toEqual(['/docs/4.x/state'])
  })
})
