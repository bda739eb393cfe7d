/// <reference lib="webworker" />
import type { SearchReply, SearchRequest } from './search-client'
import { SearchSession } from './search-session'

/**
 * The palette's search, off the main thread: a docs version's prebuilt index, loaded
 * a shard at a time as queries need them, and the blog's and providers' items, indexed
 * here when they arrive. Replies carry the ranked results, at most a page of them.
 */
const session = new SearchSession()

self.onmessage = (event: MessageEvent<SearchRequest>) => {
  const request = event.data
  const reply = async (): Promise<SearchReply> => {
    if (request.type === 'open') {
      const error = await session.open(request.url).then(
        () => undefined,
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      )
      return { type: 'opened', id: request.id, ...(error === undefined ? {} : { error }) }
    }
    if (request.type === 'index') {
      session.index(request.items)
      return { type: 'indexed', id: request.id }
    }
    return { type: 'results', id: request.id, results: await session.search(request.docs, request.query) }
  }
  void reply().then((answer) => self.postMessage(answer))
}
