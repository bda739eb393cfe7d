import type { Worker } from 'node:worker_threads'

import { startTypeScriptWorker } from '../workers/typescript-worker'
import { CountedSections, type SearchFilesSource, type SearchFilesTarget, type SearchFilesWritten, searchParts, writeSearchParts } from './search-files'
import type { SearchWorkerMessage } from './search-files-worker'

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
  /** Gives it up (the build failed): nothing is written. */
  cancel(): void
}

/**
 * Starts making a docs version's search index as soon as its sections are known, on a
 * worker thread when the version is large (`thread`), so that it is ready when the
 * build's outputs are written; on this thread it is made when written. A process that
 * builds again (`keep`: the dev server) keeps its worker, and its sections' counted
 * words, for the next build.
 */
export function prepareSearchFiles(source: SearchFilesSource, { keep = false, thread = source.sections.length >= OFF_THREAD_SECTIONS } = {}): PreparedSearchFiles {
  let cancelled = false
  const given = () => new Error('the search index was given up before it was written')
  if (!thread) {
    const counted = keep ? keptCounts : undefined
    return {
      write: async (target) => {
        if (cancelled) throw given()
        return writeSearchParts(searchParts(source, counted), target)
      },
      cancel: () => void (cancelled = true),
    }
  }
  const worker = keep ? sharedWorker() : new SearchWorker()
  const job = worker.start(source)
  return {
    write: async (target) => {
      if (cancelled) throw given()
      try {
        return await worker.write(job, target)
      } finally {
        if (!keep) worker.close()
      }
    },
    cancel: () => {
      cancelled = true
      if (keep) worker.cancel(job)
      else worker.close()
    },
  }
}

/** This process's counted words of the versions indexed on this thread, for a process that builds again. */
const keptCounts = new CountedSections()

let shared: SearchWorker | undefined
/** The worker a process that builds again keeps (a new one after one stopped). */
function sharedWorker(): SearchWorker {
  if (!shared?.alive) shared = new SearchWorker()
  return shared
}

/** A worker making search indexes (search-files-worker.ts), by job: it holds the process up only while a write is being waited for. */
class SearchWorker {
  alive = true
  private readonly worker: Promise<Worker>
  private jobs = 0
  private readonly replies = new Map<number, { resolve: (written: SearchFilesWritten) => void; reject: (error: Error) => void }>()

  constructor() {
    this.worker = startTypeScriptWorker(new URL('./search-files-worker.ts', import.meta.url)).then((worker) => {
      worker.unref()
      worker.on('message', ({ job, output, error }: { job: number; output?: SearchFilesWritten; error?: string }) => {
        const reply = this.replies.get(job)
        this.replies.delete(job)
        if (!this.replies.size) worker.unref()
        if (output) reply?.resolve(output)
        else reply?.reject(new Error(`the search index could not be written: ${error ?? 'no reason given'}`))
      })
      worker.on('error', (error) => this.stopped(error))
      worker.on('exit', (code) => this.stopped(new Error(`the search index's worker stopped (exit code ${code})`)))
      return worker
    })
    this.worker.catch(() => (this.alive = false))
  }

  /** Sends a version's sections, to be made into its index at once; the job's number. */
  start(source: SearchFilesSource): number {
    const job = ++this.jobs
    this.send({ job, source })
    return job
  }

  async write(job: number, target: SearchFilesTarget): Promise<SearchFilesWritten> {
    const worker = await this.worker
    if (!this.alive) throw new Error("the search index's worker has stopped")
    return new Promise((resolve, reject) => {
      this.replies.set(job, { resolve, reject })
      worker.ref()
      worker.postMessage({ job, target } satisfies SearchWorkerMessage)
    })
  }

  cancel(job: number) {
    this.send({ job, cancel: true })
  }

  close() {
    this.alive = false
    void this.worker.then((worker) => worker.terminate()).catch(() => {})
  }

  private send(message: SearchWorkerMessage) {
    void this.worker.then((worker) => worker.postMessage(message)).catch(() => {})
  }

  private stopped(error: Error) {
    this.alive = false
    for (const reply of this.replies.values()) reply.reject(error)
    this.replies.clear()
  }
}
