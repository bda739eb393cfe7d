import { createHash, randomBytes } from 'node:crypto'
import { readFile, rename } from 'node:fs/promises'

import type { Client } from '@libsql/client'

import { type AddressProblem, parseEmailAddress } from '../../src/contract/email-address'
import { sameSecret } from '../security/request'
import type { FlaggedAddress } from './address-check'
import { confirmationMail, newsletterLinks } from './emails'
import { GroupCommit } from './group-commit'
import type { Mail } from './mailer'

/** A confirmation code works this long after its email is written. */
export const CODE_TTL_MS = 48 * 3600_000
/** A pending address signed up again within this time gets no new email (no inbox flooding). */
export const RESEND_AFTER_MS = 10 * 60_000

/** The address as subscribers are stored and looked up: the parser's normalised form (src/contract/email-address.ts). */
function storedAddress(email: string): string {
  const parsed = parseEmailAddress(email)
  // The API only passes what emailSchema took; anything else is a caller's mistake.
  if (!parsed.ok) throw new Error(`not an email address (${parsed.reason})`)
  return parsed.address
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex')
const token = () => randomBytes(24).toString('base64url')

export type SubscribeOutcome = 'pending' | 'already-confirmed'

/**
 * Newsletter subscribers in the server database. A signup stores a pending subscriber
 * and, in the same transaction, a queued confirmation email; the code is made when that
 * email is written, and only its hash is kept. Every statement that decides something
 * runs in one transaction, so concurrent signups of one address cannot both queue an
 * email, and nothing is half-written; signups arriving together share a commit.
 */
export class NewsletterStore {
  readonly #writes: GroupCommit

  constructor(
    private readonly db: Client,
    private readonly site: { url: URL; brand: string },
    private readonly now: () => number = Date.now,
  ) {
    this.#writes = new GroupCommit(db)
  }

  async subscribe(email: string): Promise<SubscribeOutcome> {
    const address = storedAddress(email)
    const now = this.now()
    const [, , , state] = await this.#writes.write([
      {
        sql: "INSERT INTO subscribers (email, status, created_at, unsubscribe_token) VALUES (?, 'pending', ?, ?) ON CONFLICT (email) DO NOTHING",
        args: [address, now, token()],
      },
      // A pending address gets an email unless it got one in the last RESEND_AFTER_MS.
      {
        sql: "UPDATE subscribers SET last_sent_at = ? WHERE email = ? AND status = 'pending' AND (last_sent_at IS NULL OR last_sent_at <= ?)",
        args: [now, address, now - RESEND_AFTER_MS],
      },
      {
        sql: "INSERT INTO mail_queue (kind, subscriber_id, next_attempt_at, created_at) SELECT 'confirm', id, ?, ? FROM subscribers WHERE email = ? AND changes() > 0",
        args: [now, now, address],
      },
      { sql: 'SELECT status FROM subscribers WHERE email = ?', args: [address] },
    ])
    return state?.rows[0]?.status === 'confirmed' ? 'already-confirmed' : 'pending'
  }

  /** Confirms with the code from the email; true when the code is the address's and not expired (again: still true). */
  async confirm(email: string, code: string): Promise<boolean> {
    const parsed = parseEmailAddress(email)
    if (!parsed.ok) return false
    const now = this.now()
    const { rows } = await this.db.execute({ sql: 'SELECT id, code_hash, code_expires_at FROM subscribers WHERE email = ?', args: [parsed.address] })
    const row = rows[0]
    if (!row || typeof row.code_hash !== 'string' || Number(row.code_expires_at) <= now) return false
    if (!sameSecret(hashCode(code), row.code_hash)) return false
    await this.db.execute({ sql: "UPDATE subscribers SET status = 'confirmed', confirmed_at = COALESCE(confirmed_at, ?) WHERE id = ?", args: [now, Number(row.id)] })
    return true
  }

  /** Removes the subscriber the token belongs to; false for an unknown (or already used) token. */
  async unsubscribe(unsubscribeToken: string): Promise<boolean> {
    const [removed] = await this.#writes.write([
      { sql: 'DELETE FROM subscribers WHERE unsubscribe_token = ? RETURNING id', args: [unsubscribeToken] },
      { sql: 'DELETE FROM mail_queue WHERE sent_at IS NULL AND subscriber_id NOT IN (SELECT id FROM subscribers)', args: [] },
    ])
    return (removed?.rows.length ?? 0) > 0
  }

  /**
   * The email a queued job sends, made now: a confirmation gets a fresh code (its hash
   * replaces the last one). Undefined when there is nothing to send any more (the
   * address was confirmed or removed meanwhile, or it is flagged as failing the
   * address rules).
   */
  async mailFor(kind: string, subscriberId: number): Promise<Mail | undefined> {
    if (kind !== 'confirm') throw new Error(`unknown mail kind "${kind}"`)
    const code = randomBytes(16).toString('hex')
    const { rows } = await this.db.execute({
      sql: "UPDATE subscribers SET code_hash = ?, code_expires_at = ? WHERE id = ? AND status = 'pending' AND address_problem IS NULL RETURNING email, unsubscribe_token",
      args: [hashCode(code), this.now() + CODE_TTL_MS, subscriberId],
    })
    const row = rows[0]
    if (!row) return undefined
    const email = String(row.email)
    return confirmationMail({
      to: email,
      brand: this.site.brand,
      links: newsletterLinks(this.site.url, email, code, String(row.unsubscribe_token)),
      validHours: CODE_TTL_MS / 3600_000,
    })
  }

  /**
   * Subscribers of the JSON file earlier versions kept (`[{email, confirmation, confirmed,
   * createdAt, confirmedAt}]`), imported once: in one transaction, skipping addresses the
   * database has, then the file is renamed so it is not read again. A pending one keeps
   * its code (as a hash) for another CODE_TTL_MS. An address that fails the address
   * rules is imported as it is, flagged. Returns how many were new, and the flagged ones.
   */
  async importLegacyFile(file: string): Promise<{ imported: number; flagged: FlaggedAddress[] }> {
    let list: unknown
    try {
      list = JSON.parse(await readFile(file, 'utf8'))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { imported: 0, flagged: [] }
      throw new Error(`${file} could not be read as JSON (${error instanceof Error ? error.message : String(error)}); it was left as it is`)
    }
    if (!Array.isArray(list)) throw new Error(`${file} is not a list of subscribers; it was left as it is`)
    const now = this.now()
    const problems: (AddressProblem | undefined)[] = []
    const statements = list.flatMap((entry: unknown) => {
      if (!entry || typeof entry !== 'object') return []
      const { email, confirmation, confirmed, createdAt, confirmedAt } = entry as Record<string, unknown>
      if (typeof email !== 'string') return []
      // An address that fails the rules is kept as it was, flagged, for an admin to see.
      const parsed = parseEmailAddress(email)
      problems.push(parsed.ok ? undefined : parsed.reason)
      const created = typeof createdAt === 'string' && Date.parse(createdAt) ? Date.parse(createdAt) : now
      const pendingCode = !confirmed && typeof confirmation === 'string' ? hashCode(confirmation) : null
      return [
        {
          sql: 'INSERT INTO subscribers (email, status, code_hash, code_expires_at, created_at, confirmed_at, unsubscribe_token, last_sent_at, address_problem) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING RETURNING id',
          args: [
            parsed.ok ? parsed.address : email,
            confirmed ? 'confirmed' : 'pending',
            pendingCode,
            pendingCode ? now + CODE_TTL_MS : null,
            created,
            confirmed ? (typeof confirmedAt === 'string' && Date.parse(confirmedAt)) || created : null,
            token(),
            pendingCode ? now : null,
            parsed.ok ? null : parsed.reason,
          ],
        },
      ]
    })
    const results = statements.length ? await this.db.batch(statements, 'write') : []
    await rename(file, `${file}.imported-${now}`)
    const inserted = results.flatMap((result, i) => result.rows.map((row) => ({ id: Number(row.id), problem: problems[i] })))
    const flagged = inserted.flatMap(({ id, problem }) => (problem ? [{ id, problem }] : []))
    return { imported: inserted.length, flagged }
  }
}
