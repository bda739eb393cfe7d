/** What a channel needs of a Worker: a real one, or a test stand-in. */
export interface WorkerLike<Reply> {
  postMessage(message: unknown): void
  terminate(): void
  onmessage: ((event: MessageEvent<Reply>) => void) | null
  onerror: ((event: ErrorEvent) => void) | null
}

/**
 * Requests to a worker, numbered and answered by number; the worker starts with the
 * first request. A worker that cannot start, or fails, answers nothing more: what
 * waits on it and every later request get undefined (`onFail` hears the reason once),
 * so the caller does the work another way (the query endpoint, the main thread).
 */
export class WorkerChannel<Request extends object, Reply extends { id: number }> {
  private worker: WorkerLike<Reply> | undefined
  private nextId = 1
  private readonly pending = new Map<number, (reply: Reply | undefined) => void>()
  /** Why the worker stopped, once it has. */
  failure: string | undefined

  constructor(
    private readonly create: (() => WorkerLike<Reply>) | undefined,
    private readonly onFail: (reason: string) => void = () => {},
  ) {}

  /** Whether requests can still reach a worker. */
  get usable(): boolean {
    return Boolean(this.create) && this.failure === undefined
  }

  /** Starts the worker ahead of the first request, which then need not wait for it to start. */
  warm(): void {
    this.start()
  }

  send(request: Request): Promise<Reply | undefined> {
    const worker = this.start()
    if (!worker) return Promise.resolve(undefined)
    const id = this.nextId++
    return new Promise((resolve) => {
      this.pending.set(id, resolve)
      worker.postMessage({ ...request, id })
    })
  }

  private start(): WorkerLike<Reply> | undefined {
    if (this.worker || !this.usable || !this.create) return this.worker
    try {
      const worker = this.create()
      worker.onmessage = (event) => {
        const resolve = this.pending.get(event.data.id)
        this.pending.delete(event.data.id)
        resolve?.(event.data)
      }
      worker.onerror = (event) => {
        // A worker that fails to start (no WebAssembly, a blocked script) is given up.
        event.preventDefault()
        this.fail(event.message || 'the worker failed')
      }
      this.worker = worker
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error))
    }
    return this.worker
  }

  private fail(reason: string) {
    this.failure = reason
    this.worker?.terminate()
    this.worker = undefined
    for (const resolve of this.pending.values()) resolve(undefined)
    this.pending.clear()
    this.onFail(reason)
  }
}
