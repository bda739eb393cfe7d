import type { Worker } from 'node:worker_threads'

import { startTypeScriptWorker } from '../workers/typescript-worker'
import { type SearchFilesSource, type SearchFilesTarget, type SearchFilesWritten, searchParts, writeSearchParts } from './search-files'

/**
 * Sections from which a version's search index is made on a thread of its own: a large
 * version's words take long to count and index, and this thread has the databases and
 * the links to see to meanwhile, where a small one is made sooner than a worker starts.
 */
export const OFF_THREAD_SECTIONS = 2000

/** A docs version's search index, being made, and written once told where. */
export interface PreparedSearchFiles {
  /** Writes its shards and chunks (`writeSearchParts`) into `target`; once only. */
  write(target: SearchFilesTarget): Promise<SearchFilesWritten>
  /** Gives it up (the build failed): its worker stops. */
  cancel(): void
}

/**
 * Starts making a docs version's search index as soon as its sections are known, on a
 * worker thread when the version is large (`thread`), so that it is ready when the
 * build's outputs are written; on this thread it is made when written.
 */
export function prepareSearchFiles(source: SearchFilesSource, { thread = source.sections.length >= OFF_THREAD_SECTIONS } = {}): PreparedSearchFiles {
  if (!thread) return { write: async (target) => writeSearchParts(searchParts(source), target), cancel: () => {} }
  const started = startTypeScriptWorker(new URL('./search-files-worker.ts', import.meta.url)).then((worker) => {
    // A build that never writes it (its caller gave up) is not kept running by it.
    worker.unref()
    worker.postMessage({ source })
    return worker
  })
  started.catch(() => {})
  let cancelled = false
  return {
    write: async (target) => {
      if (cancelled) throw new Error('the search index was given up before it was written')
      const worker = await started
      worker.ref()
      try {
        return await written(worker, target)
      } finally {
        await worker.terminate()
      }
    },
    cancel: () => {
      cancelled = true
      void started.then((worker) => worker.terminate()).catch(() => {})
    },
  }
}

async function written(worker: Worker, target: SearchFilesTarget): Promise<SearchFilesWritten> {
  const reply = new Promise<{ output?: SearchFilesWritten; error?: string }>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the search index's worker stopped (exit code ${code})`)))
  })
  worker.postMessage({ target })
  const { output, error } = await reply
  if (!output) throw new Error(`the search index could not be written: ${error ?? 'no reason given'}`)
  return output
}
