import { parentPort } from 'node:worker_threads'

import type { SearchIndexParts } from '../../src/contract/search-index'
import { type SearchFilesSource, type SearchFilesTarget, searchParts, writeSearchParts } from './search-files'

/**
 * A worker that makes one docs version's search index (search-files.ts) from the first
 * message, its sections, as soon as it comes; then, told where (the second), writes its
 * shards and chunks and posts back what it wrote, or why it could not.
 */
let parts: SearchIndexParts | undefined
let failure: unknown

parentPort?.on('message', (message: { source: SearchFilesSource } | { target: SearchFilesTarget }) => {
  if ('source' in message) {
    try {
      parts = searchParts(message.source)
    } catch (error) {
      failure = error
    }
    return
  }
  ;(parts ? writeSearchParts(parts, message.target) : Promise.reject(failure ?? new Error('no sections were sent'))).then(
    (output) => parentPort?.postMessage({ output }),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  )
})
