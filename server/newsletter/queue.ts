import type { Client } from '@libsql/client'

import type { Mail, Mailer } from './mailer'

export interface QueueOptions {
  now?: () => number
  log?: (line: string) => void
  /** The first retry waits this long; each next one twice as long, up to MAX_RETRY_DELAY_MS. */
  retryDelayMs?: number
  /** Attempts before a job is given up (marked failed, and logged). */
  maxAttempts?: number
  /** How often due retries are looked for when nothing wakes the queue. */
  pollMs?: number
  /** How long a job being sent is this server's (default LEASE_MS); after that another server sends it. */
  leaseMs?: number
}

export const MAX_RETRY_DELAY_MS = 3600_000
/** A job being sent is someone's for this long; after that (a crash mid-send) it is due again. */
export const LEASE_MS = 60_000
const BATCH = 20

/**
 * The mail queue: rows of `mail_queue`, written in the same transaction as the change
 * that asks for an email, sent here, in the background. A failed send is retried with
 * exponential backoff; a job whose sender died mid-way (its lease ran out) is sent
 * again by whichever server finds it, so a crash after the API answered still sends the
 * email. Every send of a job carries the job's key (Mail.key): the outbox mailer
 * replaces the file of a send that died before it was marked sent, and SMTP sends
 * the same Message-ID, so a reader gets the email once.
 */
export class MailQueue {
  private timer: ReturnType<typeof setTimeout> | undefined
  private running: Promise<void> | undefined
  private again = false
  private stopped = false
  private readonly now: () => number
  private readonly log: (line: string) => void
  private readonly retryDelayMs: number
  private readonly maxAttempts: number
  private readonly pollMs: number
  private readonly leaseMs: number

  constructor(
    private readonly db: Client,
    private readonly mailer: Mailer,
    /** The email a job sends, made when it is sent; undefined when there is nothing to send any more. */
    private readonly compose: (kind: string, subscriberId: number) => Promise<Mail | undefined>,
    options: QueueOptions = {},
  ) {
    this.now = options.now ?? Date.now
    this.log = options.log ?? console.log
    this.retryDelayMs = options.retryDelayMs ?? 30_000
    this.maxAttempts = options.maxAttempts ?? 8
    this.pollMs = options.pollMs ?? 15_000
    this.leaseMs = options.leaseMs ?? LEASE_MS
  }

  /** Sends what is due now, and keeps looking every `pollMs`. */
  start(): void {
    this.stopped = false
    this.wake()
  }

  /** Something was queued: send it soon (jobs queued together go out in one pass). */
  wake(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.drain(), 0)
    this.timer.unref?.()
  }

  /** Stops looking, after the pass under way. */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.running
  }

  /** One pass over the due jobs, until none is left (tests call it directly). */
  drain(): Promise<void> {
    this.running ??= (async () => {
      try {
        do {
          this.again = false
          while ((await this.sendDue()) === BATCH);
        } while (this.again)
      } catch (error) {
        this.log(`newsletter: the mail queue could not be read: ${error instanceof Error ? error.message : String(error)}`)
      } finally {
        this.running = undefined
        if (!this.stopped) {
          clearTimeout(this.timer)
          this.timer = setTimeout(() => void this.drain(), this.pollMs)
          this.timer.unref?.()
        }
      }
    })()
    return this.running
  }

  /** Claims up to BATCH due jobs (a lease, so two servers never send one twice at once) and sends them. */
  private async sendDue(): Promise<number> {
    const now = this.now()
    const { rows } = await this.db.execute({
      sql: `UPDATE mail_queue SET locked_until = ?, attempts = attempts + 1
            WHERE id IN (SELECT id FROM mail_queue WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until <= ?) ORDER BY id LIMIT ?)
            RETURNING id, kind, subscriber_id, attempts, created_at`,
      args: [now + this.leaseMs, now, now, BATCH],
    })
    for (const row of rows) await this.send(Number(row.id), String(row.kind), Number(row.subscriber_id), Number(row.attempts), jobKey(Number(row.created_at), Number(row.id)))
    return rows.length
  }

  private async send(id: number, kind: string, subscriberId: number, attempts: number, key: string) {
    try {
      const mail = await this.compose(kind, subscriberId)
      if (mail) await this.mailer.send({ ...mail, key })
      await this.db.execute({ sql: 'UPDATE mail_queue SET sent_at = ?, locked_until = NULL, last_error = NULL WHERE id = ?', args: [this.now(), id] })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (attempts >= this.maxAttempts) {
        await this.db.execute({ sql: 'UPDATE mail_queue SET failed_at = ?, locked_until = NULL, last_error = ? WHERE id = ?', args: [this.now(), message, id] })
        this.log(`newsletter: gave up on email ${id} (${kind}) after ${attempts} attempts: ${message}`)
        return
      }
      const delay = Math.min(this.retryDelayMs * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS)
      await this.db.execute({ sql: 'UPDATE mail_queue SET next_attempt_at = ?, locked_until = NULL, last_error = ? WHERE id = ?', args: [this.now() + delay, message, id] })
      this.log(`newsletter: email ${id} (${kind}) failed (attempt ${attempts} of ${this.maxAttempts}), retrying in ${Math.round(delay / 1000)} s: ${message}`)
    }
  }
}

/** A job's email key (Mail.key): its queue time and id, so the outbox lists emails in the order they were asked for. */
function jobKey(createdAt: number, id: number): string {
  return `${createdAt}-${String(id).padStart(10, '0')}`
}
