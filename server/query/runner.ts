import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import type { Worker } from 'node:worker_threads'

import { startTypeScriptWorker } from '../../content-build/runtime'
import { statCpuMs } from './proc-stat'
import { FairQueue, type FairQueueLimits } from './queue'
import type { QueryFailure, QueryMessage, QueryRequest, QueryWorkerData } from './worker'

/** A statement ran past its budget and was stopped (its worker with it). */
export class QueryTimeout extends Error {
  override name = 'QueryTimeout'
}
/** The guard refused the statement, or it failed or broke a cap while running. */
export class QueryFailed extends Error {
  constructor(
    message: string,
    readonly code: QueryFailure,
  ) {
    super(message)
    this.name = 'QueryFailed'
  }
}
/** The statement was not run: its client's queue (or the whole queue) was full, or it waited too long. */
export class QueryBusy extends Error {
  constructor(
    message: string,
    readonly reason: 'client-full' | 'full' | 'waited',
    /** Seconds until the client may try again (Retry-After). */
    readonly retryAfter: number,
  ) {
    super(message)
    this.name = 'QueryBusy'
  }
}

export interface QueryRunnerOptions {
  /** CPU time a statement may use, counted from when its worker starts running it. */
  budgetMs: number
  maxRows: number
  /** The largest answer, in bytes of JSON (default 8 MB). */
  maxResultBytes?: number
  /** Worker threads (default: the cores, from 2 to 4). */
  workers?: number
  /**
   * Statements one client may have waiting (default 64), all clients (default 1,024),
   * how long one may wait (default 10 s), and how long a statement that finds its
   * client's queue full, or that the guard refuses, is held before it is refused
   * (default 1 s).
   */
  queue?: Partial<Pick<FairQueueLimits, 'perClient' | 'total'>> & { maxWaitMs?: number; holdMs?: number }
}

/** What a caller asks: a statement on a collection; the runner adds its caps. */
export type QueryJob = Omit<QueryRequest, 'id' | 'maxRows' | 'maxBytes'>

interface Pending {
  request: QueryRequest
  client: string
  resolve: (json: string) => void
  reject: (error: Error) => void
  signal?: AbortSignal
  /** Stops waiting: past maxWaitMs, or when the caller's signal aborts. */
  stopWaiting: () => void
}

interface Slot {
  /** The promise of the slot's worker, ready to take a statement; undefined until first used. */
  worker?: Promise<Worker>
  /** That worker once started: its messages and its exit count only while it is the slot's. */
  current?: Worker
  job?: Pending
  timer?: NodeJS.Timeout
  /** The worker's thread id (Linux), whose CPU time the budget counts. */
  tid?: number
  /** When the worker started running the job's statement (its `running` message), and its thread's CPU time then. */
  startedAt?: number
  cpuAtStart?: number
}

const queryWorker = new URL('./worker.ts', import.meta.url)
/** How long a worker may take to start and to open a collection's dump before a statement's budget starts. */
const LOAD_ALLOWANCE_MS = 30_000
const DEFAULT_MAX_RESULT_BYTES = 8 * 1024 * 1024
/** However little CPU a statement is given (a machine busy with other work), it is stopped after this many budgets of wall time. */
const WALL_BUDGETS = 5
/** The query workers' niceness: below the HTTP thread's 0, so pages and other answers go first on busy cores. */
export const QUERY_WORKER_NICE = 10
/** CPU time (user + system) a thread of this process has used, in ms, from /proc; undefined where there is none. */
function threadCpuMs(tid: number | undefined): number | undefined {
  if (tid === undefined) return undefined
  try {
    return statCpuMs(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'))
  } catch {
    return undefined
  }
}

/**
 * Runs the query endpoint's statements on a few worker threads, fairly and within
 * bounds, so that no client can take the endpoint (or the server) from the others:
 * - statements wait in a FairQueue, per client, taken round robin; one client never
 *   has every worker, and past its queue's bound (or the whole queue's) it is told to
 *   retry later (QueryBusy, with the seconds to wait). That refusal comes after a hold
 *   (`holdMs`), not at once, and so does the guard's refusal of a statement (which the
 *   app's query builder never sends): a client that asks again as soon as it is
 *   refused would otherwise turn its refusals into a flood the HTTP thread must answer;
 * - each statement has a budget of CPU time, counted from when its worker starts it
 *   (after the guard and the dump's load), on the worker's own thread where the system
 *   says (Linux), else as wall time; and at most WALL_BUDGETS budgets of wall time. A
 *   worker runs one statement at a time, so past the budget that worker is stopped,
 *   that statement alone fails (QueryTimeout), and a fresh worker takes the slot;
 * - the HTTP thread only queues and hands over text: the guard, SQLite and the JSON
 *   of the answer are the workers' work.
 */
export class QueryRunner {
  private readonly slots: Slot[]
  private readonly queue: FairQueue<Pending>
  private readonly maxWaitMs: number
  private readonly holdMs: number
  /** Refusals being held, answered at once when the runner closes. */
  private readonly held = new Set<() => void>()
  private readonly maxBytes: number
  private nextId = 1
  /** Recent running times, for the Retry-After of a full queue. */
  private averageMs = 50

  constructor(private readonly options: QueryRunnerOptions) {
    const workers = Math.max(1, options.workers ?? Math.min(4, Math.max(2, availableParallelism())))
    this.slots = Array.from({ length: workers }, () => ({}))
    this.queue = new FairQueue<Pending>({
      perClient: options.queue?.perClient ?? 64,
      total: options.queue?.total ?? 1024,
      runningPerClient: Math.max(1, workers - 1),
    })
    this.maxWaitMs = options.queue?.maxWaitMs ?? 10_000
    this.holdMs = options.queue?.holdMs ?? 1000
    this.maxBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES
  }

  /** The rows of a statement as JSON text (an array of objects), once it is `client`'s turn. */
  run(job: QueryJob, client = 'local', signal?: AbortSignal): Promise<string> {
    if (signal?.aborted) return Promise.reject(new QueryBusy('the request was closed before its statement ran', 'waited', 1))
    return new Promise((resolve, reject) => {
      const request: QueryRequest = { ...job, id: this.nextId++, maxRows: this.options.maxRows, maxBytes: this.maxBytes }
      const giveUp = (error: QueryBusy) => {
        if (!this.queue.remove(client, pending)) return
        pending.stopWaiting()
        reject(error)
      }
      const timer = setTimeout(
        () => giveUp(new QueryBusy(`the statement waited ${this.maxWaitMs / 1000} s for its turn: the endpoint is busy`, 'waited', this.retryAfter())),
        this.maxWaitMs,
      )
      const onAbort = () => giveUp(new QueryBusy('the request was closed before its statement ran', 'waited', 1))
      signal?.addEventListener('abort', onAbort, { once: true })
      const pending: Pending = {
        request,
        client,
        resolve,
        reject,
        signal,
        stopWaiting: () => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
        },
      }
      const queued = this.queue.push(client, pending)
      if (queued !== 'queued') {
        pending.stopWaiting()
        const whose = queued === 'client-full' ? 'this client has' : 'the server has'
        const refusal = new QueryBusy(`${whose} too many statements waiting: try again shortly`, queued, this.retryAfter(queued === 'client-full' ? client : undefined))
        this.hold(() => reject(refusal), signal)
        return
      }
      this.pump()
    })
  }

  /** Calls `answer` after holdMs, or sooner when the request is closed or the runner closes. */
  private hold(answer: () => void, signal?: AbortSignal) {
    const release = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', release)
      if (this.held.delete(release)) answer()
    }
    const timer = setTimeout(release, this.holdMs)
    signal?.addEventListener('abort', release, { once: true })
    this.held.add(release)
  }

  /** Stops every worker; statements waiting or running fail. */
  async close(): Promise<void> {
    for (const release of [...this.held]) release()
    for (const pending of this.queue.drain()) {
      pending.stopWaiting()
      pending.reject(new QueryBusy('the server is stopping', 'full', 1))
    }
    await Promise.all(this.slots.map((slot) => this.stop(slot, new QueryBusy('the server is stopping', 'full', 1))))
  }

  /** Gives waiting statements to free workers. */
  private pump() {
    for (const slot of this.slots) {
      if (slot.job) continue
      const next = this.queue.take()
      if (!next) return
      next.item.stopWaiting()
      this.dispatch(slot, next.item)
    }
  }

  private dispatch(slot: Slot, job: Pending) {
    slot.job = job
    // The worker's start and the dump's first load have an allowance of their own; the budget starts at `running`.
    slot.timer = setTimeout(() => void this.stop(slot, new QueryTimeout(`the query could not be started within ${LOAD_ALLOWANCE_MS / 1000} s`)), LOAD_ALLOWANCE_MS)
    const worker = (slot.worker ??= this.start(slot))
    worker.then(
      (w) => {
        if (slot.job === job) w.postMessage(job.request)
      },
      (error: unknown) => {
        if (slot.worker === worker) void this.stop(slot, error instanceof Error ? error : new Error(String(error)))
      },
    )
  }

  private start(slot: Slot): Promise<Worker> {
    const started: Promise<Worker> = startTypeScriptWorker(queryWorker, { workerData: { nice: QUERY_WORKER_NICE } satisfies QueryWorkerData }).then(
      (worker) =>
        new Promise<Worker>((resolve, reject) => {
          // Stopped while it started (its statement failed meanwhile): nothing will use it.
          if (slot.worker !== started) {
            void worker.terminate()
            return reject(new Error('the query worker was stopped before it started'))
          }
          slot.current = worker
          worker.on('message', (message: QueryMessage) => {
            if (slot.current !== worker) return
            if (message.type === 'ready') {
              slot.tid = message.tid
              return resolve(worker)
            }
            const job = slot.job
            if (!job || job.request.id !== message.id) return
            if (message.type === 'running') {
              slot.startedAt = Date.now()
              slot.cpuAtStart = threadCpuMs(slot.tid)
              clearTimeout(slot.timer)
              this.watchBudget(slot, job, this.options.budgetMs)
              return
            }
            if (slot.startedAt !== undefined) this.averageMs = this.averageMs * 0.9 + (Date.now() - slot.startedAt) * 0.1
            this.finish(slot, job)
            if (message.type === 'rows') job.resolve(message.json)
            else if (message.code === 'refused') this.hold(() => job.reject(new QueryFailed(message.error, message.code)), job.signal)
            else job.reject(new QueryFailed(message.error, message.code))
            this.pump()
          })
          // A worker that fails or ends by itself fails its statement; the slot starts another when next used.
          const lost = (error: Error) => {
            reject(error)
            if (slot.current === worker) void this.stop(slot, error)
          }
          worker.on('error', lost)
          worker.on('exit', (code) => lost(new Error(`the query worker stopped (exit code ${code})`)))
          // After the listeners, which would hold the process open again: an idle runner never does.
          worker.unref()
        }),
    )
    return started
  }

  /**
   * Checks the running statement's budget in `ms`: stopped when it has used its CPU
   * time (or, where the thread's CPU time cannot be read, that much wall time) or
   * WALL_BUDGETS budgets of wall time; else checked again when the rest could be used.
   */
  private watchBudget(slot: Slot, job: Pending, ms: number) {
    slot.timer = setTimeout(() => {
      if (slot.job !== job || slot.startedAt === undefined) return
      const budget = this.options.budgetMs
      const wall = Date.now() - slot.startedAt
      const now = threadCpuMs(slot.tid)
      const cpu = now === undefined || slot.cpuAtStart === undefined ? wall : now - slot.cpuAtStart
      if (cpu >= budget || wall >= budget * WALL_BUDGETS) void this.stop(slot, new QueryTimeout(`the query ran longer than ${budget} ms and was stopped`))
      // /proc counts in clock ticks (10 ms): never check again sooner than one.
      else this.watchBudget(slot, job, Math.max(10, budget - cpu))
    }, ms)
  }

  /** The job of a slot has ended: its timer and its client's running count with it. */
  private finish(slot: Slot, job: Pending) {
    clearTimeout(slot.timer)
    slot.timer = undefined
    slot.startedAt = undefined
    slot.cpuAtStart = undefined
    slot.job = undefined
    this.queue.done(job.client)
  }

  /** Fails the slot's statement with `error` and stops its worker; the slot starts a new one when next used (maybe at once, by `pump`). */
  private async stop(slot: Slot, error: Error) {
    const job = slot.job
    const worker = slot.current
    slot.worker = undefined
    slot.current = undefined
    slot.tid = undefined
    if (job) {
      this.finish(slot, job)
      job.reject(error)
    }
    this.pump()
    // A worker still starting sees that it is no longer the slot's and stops itself.
    await worker?.terminate()
  }

  /** Seconds a client (or anyone) should wait before asking again: the work ahead of it, shared by the workers. */
  private retryAfter(client?: string): number {
    const ahead = this.queue.waiting(client)
    return Math.max(1, Math.ceil((ahead * this.averageMs) / this.slots.length / 1000))
  }
}
