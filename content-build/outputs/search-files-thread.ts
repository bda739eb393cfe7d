import { startTypeScriptWorker } from '../workers/typescript-worker'
import { type SearchFilesInput, type SearchFilesWritten, writeSearchFiles } from './search-files'

/**
 * Sections from which a version's search files are made on a thread of their own: the
 * index of a large version takes this thread long enough to hold up its database file,
 * made here meanwhile, where a small one is made sooner than a worker starts.
 */
export const OFF_THREAD_SECTIONS = 2000

/** A docs version's search shards and chunks written (`writeSearchFiles`), on a worker thread when the version is large. */
export function searchFiles(input: SearchFilesInput, { thread = input.sections.length >= OFF_THREAD_SECTIONS } = {}): Promise<SearchFilesWritten> {
  return thread ? offThread(input) : writeSearchFiles(input)
}

async function offThread(input: SearchFilesInput): Promise<SearchFilesWritten> {
  const worker = await startTypeScriptWorker(new URL('./search-files-worker.ts', import.meta.url))
  try {
    const reply = new Promise<{ output?: SearchFilesWritten; error?: string }>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`the search index's worker stopped (exit code ${code})`)))
    })
    worker.postMessage(input)
    const { output, error } = await reply
    if (!output) throw new Error(`the search index could not be written: ${error ?? 'no reason given'}`)
    return output
  } finally {
    await worker.terminate()
  }
}
