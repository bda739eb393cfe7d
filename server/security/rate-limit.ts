import type { GroupCommit } from '../newsletter/group-commit'

/** How many requests one client may make in a window. */
export interface RateLimit {
  limit: number
  windowMs: number
}

/** How often, at most, windows that have ended are deleted (by the request that finds it is time). */
const PRUNE_EVERY_MS = 60_000

/**
 * Fixed-window counters per endpoint group (`bucket`) and client address, kept in the
 * server database so that every server on it counts the same requests: two servers
 * behind a load balancer allow one quota between them. A window starts with a client's
 * first request and lasts `windowMs`. Each request is one atomic upsert of its
 * window's row, so servers counting at once never lose a count; the counts of one turn
 * of the event loop share a commit (server/newsletter/group-commit.ts), made on a
 * connection that does not sync each commit to disk (openCounterDatabase). Windows
 * that have ended are deleted now and then, so a flood of addresses leaves no rows
 * behind once its windows are over.
 */
export class SharedRateLimiter {
  #prunedAt = -Infinity

  constructor(
    private readonly writes: GroupCommit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; undefined when it is allowed, else the seconds until the client may try again. */
  async hit(bucket: string, client: string, rule: RateLimit): Promise<number | undefined> {
    const now = this.now()
    const statements = [
      {
        // Every SET expression reads the row as it was: a window that has ended starts again at 1.
        sql: `INSERT INTO rate_limits (bucket, client, window_start, count, expires_at) VALUES (?, ?, ?, 1, ?)
              ON CONFLICT (bucket, client) DO UPDATE SET
                count = CASE WHEN rate_limits.expires_at <= excluded.window_start THEN 1 ELSE rate_limits.count + 1 END,
                window_start = CASE WHEN rate_limits.expires_at <= excluded.window_start THEN excluded.window_start ELSE rate_limits.window_start END,
                expires_at = CASE WHEN rate_limits.expires_at <= excluded.window_start THEN excluded.expires_at ELSE rate_limits.expires_at END
              RETURNING count, expires_at`,
        args: [bucket, client, now, now + rule.windowMs],
      },
    ]
    if (now - this.#prunedAt >= PRUNE_EVERY_MS) {
      this.#prunedAt = now
      statements.push({ sql: 'DELETE FROM rate_limits WHERE expires_at <= ?', args: [now] })
    }
    const [counted] = await this.writes.write(statements)
    const row = counted?.rows[0]
    if (!row) throw new Error('the rate limit was not counted')
    if (Number(row.count) <= rule.limit) return undefined
    return Math.max(1, Math.ceil((Number(row.expires_at) - now) / 1000))
  }
}

/** "Try again in 5 minutes." from a Retry-After in seconds. */
export function retryMessage(what: string, seconds: number): string {
  const minutes = Math.ceil(seconds / 60)
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`
  return `Too many ${what}. Please try again in ${wait}.`
}
