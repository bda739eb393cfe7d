/// <reference lib="webworker" />
import type { ParseRequest } from './body-parser'
import { parseReply } from './parse-reply'

/**
 * Markdown parsed off the main thread: a body warmed ahead of a click, or the first
 * page's before the app draws it, turned into the tree the renderer draws. The main thread only receives it.
 */
self.onmessage = (event: MessageEvent<ParseRequest & { id: number }>) => {
  self.postMessage(parseReply(event.data))
}
