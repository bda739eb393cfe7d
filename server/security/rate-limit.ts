/** How many requests one client may make in a window. */
export interface RateLimit {
  limit: number
  windowMs: number
}

interface Window {
  start: number
  count: number
}

/**
 * Fixed-window counters per key (a client address), in memory: enough for one
 * server process. At most `maxKeys` windows are kept; past that, expired windows go
 * first and then the oldest, so a flood of addresses cannot grow it without bound.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>()

  constructor(
    private readonly rule: RateLimit,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one request; undefined when it is allowed, else the seconds until the client may try again. */
  hit(key: string): number | undefined {
    const now = this.now()
    let window = this.windows.get(key)
    if (!window || now - window.start >= this.rule.windowMs) {
      this.windows.delete(key)
      window = { start: now, count: 0 }
      this.windows.set(key, window)
      this.trim(now)
    }
    if (window.count >= this.rule.limit) return Math.max(1, Math.ceil((window.start + this.rule.windowMs - now) / 1000))
    window.count += 1
    return undefined
  }

  get size(): number {
    return this.windows.size
  }

  private trim(now: number) {
    if (this.windows.size <= this.maxKeys) return
    for (const [key, window] of this.windows) if (now - window.start >= this.rule.windowMs) this.windows.delete(key)
    // Insertion order is age order: the oldest windows go first, down to 90% so the
    // walk above is paid once per tenth of the capacity, not on every new client.
    for (const key of this.windows.keys()) {
      if (this.windows.size <= this.maxKeys * 0.9) break
      this.windows.delete(key)
    }
  }
}

/** "Try again in 5 minutes." from a Retry-After in seconds. */
export function retryMessage(what: string, seconds: number): string {
  const minutes = Math.ceil(seconds / 60)
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`
  return `Too many ${what}. Please try again in ${wait}.`
}
