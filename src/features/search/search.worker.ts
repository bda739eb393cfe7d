/// <reference lib="webworker" />
import { SearchIndex } from './engine'
import type { SearchReply, SearchRequest } from './search-client'

/**
 * The palette's index, off the main thread: built from a version's items when they
 * arrive (a hundred milliseconds for the demo, seconds for thousands of sections),
 * then asked each query. Replies carry ids, scores and the matched words only.
 */
let index: SearchIndex | undefined
let indexed = ''

self.onmessage = (event: MessageEvent<SearchRequest>) => {
  const request = event.data
  let reply: SearchReply
  if (request.type === 'index') {
    index = new SearchIndex(request.items)
    indexed = request.key
    reply = { type: 'indexed', id: request.id }
  } else {
    const found = index && indexed === request.key ? index.search(request.query) : []
    reply = { type: 'results', id: request.id, results: found.map((r) => ({ id: r.item.id, score: r.score, terms: r.terms })) }
  }
  self.postMessage(reply)
}
