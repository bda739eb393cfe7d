import type { Worker } from 'node:worker_threads'

import { startTypeScriptWorker } from '../content-build/typescript-worker'
import type { QueryRequest, QueryResponse } from './query-worker'

export class QueryTimeout extends Error {
  override name = 'QueryTimeout'
}
export class QueryFailed extends Error {
  constructor(
    message: string,
    readonly code: 'row-cap' | 'failed',
  ) {
    super(message)
    this.name = 'QueryFailed'
  }
}

const queryWorker = new URL('./query-worker.ts', import.meta.url)

/**
 * Executes checked statements on a worker thread, so a slow query can be stopped:
 * past `timeoutMs` the worker is terminated (its databases with it) and a fresh one
 * takes the next query.
 */
export class QueryRunner {
  /** The worker, or the promise of one while it starts (bundled once a process, then about 50 ms). */
  private worker: Promise<Worker> | undefined
  private nextId = 1
  private readonly pending = new Map<number, { resolve: (json: string) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>()

  constructor(private readonly options: { timeoutMs: number; maxRows: number }) {}

  /** The rows of a checked statement, as JSON text (an array of objects). */
  run(request: Omit<QueryRequest, 'id' | 'maxRows'>): Promise<string> {
    const worker = this.ensureWorker()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.reset(new QueryTimeout(`the query took longer than ${this.options.timeoutMs} ms and was stopped`))
      }, this.options.timeoutMs)
      this.pending.set(id, { resolve, reject, timer })
      // A worker stopped meanwhile (another query's timeout, or one that could not start) has already failed this one.
      worker.then(
        (w) => w.postMessage({ ...request, id, maxRows: this.options.maxRows } satisfies QueryRequest),
        (error: unknown) => {
          if (this.worker === worker) this.reset(error instanceof Error ? error : new Error(String(error)))
        },
      )
    })
  }

  async close() {
    const worker = this.worker
    this.worker = undefined
    await (await worker?.catch(() => undefined))?.terminate()
  }

  private ensureWorker(): Promise<Worker> {
    if (this.worker) return this.worker
    const started: Promise<Worker> = startTypeScriptWorker(queryWorker).then((worker) => {
      // Reset or closed while it started: nothing will use it.
      if (this.worker !== started) {
        void worker.terminate()
        return worker
      }
      worker.on('message', (response: QueryResponse) => {
        const pending = this.pending.get(response.id)
        if (!pending) return
        clearTimeout(pending.timer)
        this.pending.delete(response.id)
        if ('json' in response) pending.resolve(response.json)
        else pending.reject(new QueryFailed(response.error, response.code))
      })
      worker.on('error', (error) => {
        if (this.worker === started) this.reset(error)
      })
      // After the listeners, which would hold the process open again: an idle runner never does.
      worker.unref()
      return worker
    })
    this.worker = started
    return started
  }

  /** Fails everything in flight and drops the worker; the next query starts a new one. */
  private reset(error: Error) {
    const worker = this.worker
    this.worker = undefined
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer)
      reject(error)
    }
    this.pending.clear()
    void worker?.then(
      (w) => w.terminate(),
      () => undefined,
    )
  }
}
