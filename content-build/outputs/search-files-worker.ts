import { parentPort } from 'node:worker_threads'

import type { SearchIndexParts } from '../../src/contract/search-index'
import { CountedSections, type SearchFilesSource, type SearchFilesTarget, searchParts, writeSearchParts } from './search-files'

/** A job's sections to make its index from; where to write it; or that it is given up. */
export type SearchWorkerMessage = { job: number; source: SearchFilesSource } | { job: number; target: SearchFilesTarget } | { job: number; cancel: true }

/**
 * A worker that makes docs versions' search indexes (search-files.ts), each job's as soon
 * as its sections come, and writes one's shards and chunks once told where, posting back
 * what it wrote or why it could not. A process that builds again keeps it from build to
 * build: the words of each version's sections are counted again only where they changed.
 */
const made = new Map<number, { parts?: SearchIndexParts; failure?: unknown }>()
const counted = new CountedSections()

parentPort?.on('message', (message: SearchWorkerMessage) => {
  if ('source' in message) {
    try {
      made.set(message.job, { parts: searchParts(message.source, counted) })
    } catch (failure) {
      made.set(message.job, { failure })
    }
    return
  }
  const job = made.get(message.job)
  made.delete(message.job)
  if ('cancel' in message) return
  ;(job?.parts ? writeSearchParts(job.parts, message.target) : Promise.reject(job?.failure ?? new Error('no sections were sent'))).then(
    (output) => parentPort?.postMessage({ job: message.job, output }),
    (error: unknown) => parentPort?.postMessage({ job: message.job, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  )
})
