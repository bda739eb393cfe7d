/// <reference lib="webworker" />
import type { SearchRequest } from './search-client'
import { answer, SearchSession } from './search-session'

/**
 * The palette's search, off the main thread: a docs version's prebuilt index, loaded
 * a shard at a time as queries need them, and the blog's and providers' items, indexed
 * here when they arrive. Replies carry the ranked results, at most a page of them.
 */
const session = new SearchSession()

self.onmessage = (event: MessageEvent<SearchRequest>) => {
  void answer(session, event.data).then((reply) => self.postMessage(reply))
}
