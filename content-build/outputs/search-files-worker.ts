import { parentPort } from 'node:worker_threads'

import { type SearchFilesInput, writeSearchFiles } from './search-files'

/** A worker that writes one docs version's search shards and chunks (search-files.ts) and posts back what it wrote, or why it could not. */
parentPort?.once('message', (input: SearchFilesInput) => {
  writeSearchFiles(input).then(
    (output) => parentPort?.postMessage({ output }),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  )
})
