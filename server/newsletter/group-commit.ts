import type { Client, InStatement, ResultSet } from '@libsql/client'

interface Job {
  statements: InStatement[]
  done: (results: ResultSet[]) => void
  fail: (error: unknown) => void
}

/** At most this many callers' statements go into one transaction. */
export const GROUP_LIMIT = 256

/**
 * Group commit: the write transactions asked for in one turn of the event loop run
 * as one transaction, so a burst of signups pays for one sync of the write-ahead log
 * instead of one each (with synchronous FULL the sync is most of a commit's cost, and
 * the embedded client makes it on the event loop). Each caller is answered only once
 * the transaction holding its statements has committed, with its own results, so
 * an acknowledged write is as durable as before. If a group fails, nothing of it was
 * written (the transaction rolled back) and each caller's statements are tried
 * again alone: one bad write fails only its own caller.
 */
export class GroupCommit {
  #waiting: Job[] = []
  #scheduled = false

  constructor(
    private readonly db: Client,
    private readonly limit = GROUP_LIMIT,
  ) {}

  /** `statements` in one write transaction (shared with others), their results in order. */
  write(statements: InStatement[]): Promise<ResultSet[]> {
    return new Promise((done, fail) => {
      this.#waiting.push({ statements, done, fail })
      if (!this.#scheduled) {
        this.#scheduled = true
        // After the I/O callbacks of this turn: every request read in it joins the group.
        setImmediate(() => void this.#flush())
      }
    })
  }

  async #flush(): Promise<void> {
    const group = this.#waiting.splice(0, this.limit)
    if (this.#waiting.length) setImmediate(() => void this.#flush())
    else this.#scheduled = false
    if (group.length === 1) return this.#alone(group[0] as Job)
    let results: ResultSet[]
    try {
      results = await this.db.batch(
        group.flatMap((job) => job.statements),
        'write',
      )
    } catch {
      for (const job of group) await this.#alone(job)
      return
    }
    let offset = 0
    for (const job of group) {
      job.done(results.slice(offset, offset + job.statements.length))
      offset += job.statements.length
    }
  }

  async #alone(job: Job): Promise<void> {
    try {
      job.done(await this.db.batch(job.statements, 'write'))
    } catch (error) {
      job.fail(error)
    }
  }
}
