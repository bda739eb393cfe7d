/** How much work the queue holds, and how much of it one client may have running. */
export interface FairQueueLimits {
  /** Items one client may have waiting. */
  perClient: number
  /** Items waiting in all. */
  total: number
  /** Items one client may have running at once: below the number of workers, so one client never holds them all. */
  runningPerClient: number
}

interface ClientQueue<T> {
  waiting: T[]
  running: number
  /** When the client was last served (the queue's count of items taken then); 0 for never. */
  servedAt: number
}

/**
 * Work waiting for the query workers, queued per client and taken round robin: a
 * client with a hundred statements waiting gets its turn like one with a single
 * statement, and never more than `runningPerClient` at once. Both the queue of one
 * client and the whole queue are bounded; `push` says when an item does not fit.
 *
 * A client is a key the caller chooses (an address, or an IPv6 /64). The next item
 * comes from the client served least recently (one that has never been served first),
 * among those below their running cap.
 */
export class FairQueue<T> {
  private readonly clients = new Map<string, ClientQueue<T>>()
  private waitingTotal = 0
  private taken = 0

  constructor(private readonly limits: FairQueueLimits) {}

  /** Queues an item; 'client-full' or 'full' when it does not fit (nothing is queued then). */
  push(client: string, item: T): 'queued' | 'client-full' | 'full' {
    const queue = this.clients.get(client)
    if (queue && queue.waiting.length >= this.limits.perClient) return 'client-full'
    if (this.waitingTotal >= this.limits.total) return 'full'
    if (queue) queue.waiting.push(item)
    else this.clients.set(client, { waiting: [item], running: 0, servedAt: 0 })
    this.waitingTotal++
    return 'queued'
  }

  /** The next item to run, from the client served least recently below its running cap; counted as running until `done`. */
  take(): { client: string; item: T } | undefined {
    let next: [string, ClientQueue<T>] | undefined
    for (const entry of this.clients) {
      const queue = entry[1]
      if (queue.running >= this.limits.runningPerClient || !queue.waiting.length) continue
      if (!next || queue.servedAt < next[1].servedAt) next = entry
    }
    if (!next) return undefined
    const [client, queue] = next
    const item = queue.waiting.shift() as T
    this.waitingTotal--
    queue.running++
    queue.servedAt = ++this.taken
    return { client, item }
  }

  /** An item taken for `client` has finished (answered, failed or stopped). */
  done(client: string): void {
    const queue = this.clients.get(client)
    if (!queue) return
    queue.running = Math.max(0, queue.running - 1)
    this.forgetIdle(client, queue)
  }

  /** Takes a waiting item out (its client gave up, or it waited too long); false when it is no longer waiting. */
  remove(client: string, item: T): boolean {
    const queue = this.clients.get(client)
    const index = queue ? queue.waiting.indexOf(item) : -1
    if (!queue || index < 0) return false
    queue.waiting.splice(index, 1)
    this.waitingTotal--
    this.forgetIdle(client, queue)
    return true
  }

  /** Items waiting for `client`, or for every client. */
  waiting(client?: string): number {
    return client === undefined ? this.waitingTotal : (this.clients.get(client)?.waiting.length ?? 0)
  }

  /** Every waiting item, removed from the queue (the runner is closing). */
  drain(): T[] {
    const items = [...this.clients.values()].flatMap((queue) => queue.waiting)
    for (const queue of this.clients.values()) queue.waiting = []
    this.waitingTotal = 0
    for (const [client, queue] of this.clients) this.forgetIdle(client, queue)
    return items
  }

  private forgetIdle(client: string, queue: ClientQueue<T>) {
    if (!queue.running && !queue.waiting.length) this.clients.delete(client)
  }
}
