import type { Client, Transaction } from '@libsql/client'

import { type AddressProblem, parseEmailAddress } from '../../src/contract/email-address'

/**
 * The version of the address rules (src/contract/email-address.ts) the stored addresses were
 * last checked against. Bump it with any change to those rules: every subscriber is
 * then checked again the next time the database opens.
 */
export const ADDRESS_RULES_VERSION = 1
const CHECK_NAME = 'subscriber addresses'
const CHUNK = 500

/**
 * WARNING: libSQL hands a TEXT value back cut at its first NUL (`a\u0000b@x.io` reads
 * as `a`), while the database holds, compares and keeps unique the whole of it. Select
 * a stored address with this and read it with `storedEmail`, or a flagged address is
 * shown, checked and exported as something it is not.
 */
export const EMAIL_BYTES = 'CAST(email AS BLOB) AS email'
const utf8 = new TextDecoder()

/** A stored address, whole, from a row selected with EMAIL_BYTES. */
export const storedEmail = (value: unknown): string =>
  typeof value === 'string' ? value : value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? utf8.decode(value) : String(value)

export interface FlaggedAddress {
  id: number
  problem: AddressProblem
}

export interface AddressCheckReport {
  /** Subscribers looked at. */
  checked: number
  /** Valid addresses stored in another form (an international domain in Unicode), now stored normalised. */
  normalised: number[]
  /** Subscribers whose address fails the rules, or whose normalised form another subscriber has. */
  flagged: FlaggedAddress[]
}

/** What is wrong with one stored address, after storing a valid one in its normalised form when that is free. */
async function checkRow(tx: Transaction, id: number, email: string, report: AddressCheckReport): Promise<AddressProblem | null> {
  const parsed = parseEmailAddress(email)
  if (!parsed.ok) return parsed.reason
  if (parsed.address === email) return null
  // The column compares without case, as lookups do: another row there is the same mailbox.
  const other = await tx.execute({ sql: 'SELECT id FROM subscribers WHERE email = ? AND id != ?', args: [parsed.address, id] })
  if (other.rows.length) return 'duplicate'
  await tx.execute({ sql: 'UPDATE subscribers SET email = ? WHERE id = ?', args: [parsed.address, id] })
  report.normalised.push(id)
  return null
}

/**
 * Checks every stored subscriber address against the address rules, once per version
 * of them: a valid address not in its normalised form is stored normalised (unless
 * another subscriber has that form: then it is a duplicate), and an address that fails
 * is flagged with the reason, never deleted. A flagged subscriber's unsent emails are
 * given up (the queue sends nothing to it either way); the admin sees the flag and
 * decides. All in one write transaction, so two servers opening together check once.
 * Undefined when the check had already run for these rules.
 */
export async function checkStoredAddresses(db: Client, now: number = Date.now()): Promise<AddressCheckReport | undefined> {
  const tx = await db.transaction('write')
  try {
    const done = await tx.execute({ sql: 'SELECT version FROM data_checks WHERE name = ?', args: [CHECK_NAME] })
    if (Number(done.rows[0]?.version ?? 0) >= ADDRESS_RULES_VERSION) return undefined
    const report: AddressCheckReport = { checked: 0, normalised: [], flagged: [] }
    let after = 0
    for (;;) {
      const { rows } = await tx.execute({ sql: `SELECT id, ${EMAIL_BYTES}, address_problem FROM subscribers WHERE id > ? ORDER BY id LIMIT ?`, args: [after, CHUNK] })
      for (const row of rows) {
        const id = Number(row.id)
        const problem = await checkRow(tx, id, storedEmail(row.email), report)
        if (problem) report.flagged.push({ id, problem })
        if (problem !== row.address_problem) await tx.execute({ sql: 'UPDATE subscribers SET address_problem = ? WHERE id = ?', args: [problem, id] })
        if (problem) {
          await tx.execute({
            sql: 'UPDATE mail_queue SET failed_at = ?, locked_until = NULL, last_error = ? WHERE subscriber_id = ? AND sent_at IS NULL AND failed_at IS NULL',
            args: [now, `address problem: ${problem}`, id],
          })
        }
        after = id
      }
      report.checked += rows.length
      if (rows.length < CHUNK) break
    }
    await tx.execute({
      sql: 'INSERT INTO data_checks (name, version, checked_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET version = excluded.version, checked_at = excluded.checked_at',
      args: [CHECK_NAME, ADDRESS_RULES_VERSION, now],
    })
    await tx.commit()
    return report
  } finally {
    tx.close()
  }
}

/** At most this many ids in a log line; the admin list shows them all. */
const LOGGED_IDS = 50

const idList = (ids: number[]) => (ids.length > LOGGED_IDS ? `${ids.slice(0, LOGGED_IDS).join(', ')} and ${ids.length - LOGGED_IDS} more` : ids.join(', '))

/**
 * The log lines for flagged (and normalised) subscribers: how many and their ids, never
 * their addresses (a flagged one may hold control characters that garble a log).
 */
export function addressReportLines(report: Pick<AddressCheckReport, 'normalised' | 'flagged'>, what = 'stored'): string[] {
  const lines: string[] = []
  const addresses = (n: number) => (n === 1 ? `1 ${what} subscriber address` : `${n} ${what} subscriber addresses`)
  if (report.flagged.length) {
    const byProblem = new Map<string, number>()
    for (const { problem } of report.flagged) byProblem.set(problem, (byProblem.get(problem) ?? 0) + 1)
    const reasons = [...byProblem].map(([problem, count]) => `${problem} ${count}`).join(', ')
    const ids = idList(report.flagged.map((f) => f.id))
    lines.push(`newsletter: ${addresses(report.flagged.length)} failed the address rules (${reasons}); flagged for an admin, nothing is sent to them: ids ${ids}`)
  }
  if (report.normalised.length) lines.push(`newsletter: ${addresses(report.normalised.length)} now kept in normalised form: ids ${idList(report.normalised)}`)
  return lines
}
