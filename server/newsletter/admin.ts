import type { Client } from '@libsql/client'

import { escapeLike } from '../../src/contract/content/query-builder'
import { visibleAddress } from '../../src/contract/email-address'
import { EMAIL_BYTES, storedEmail } from './address-check'

export const subscriberSorts = ['createdAt', 'email', 'status', 'confirmedAt'] as const
export type SubscriberSort = (typeof subscriberSorts)[number]

export interface SubscriberFilter {
  /** Part of the address, case-insensitive, matched literally. */
  q?: string
  status?: 'pending' | 'confirmed'
  /** Only subscribers whose address fails the address rules (server/newsletter/address-check.ts). */
  address?: 'flagged'
}

export interface SubscriberListOptions extends SubscriberFilter {
  sort: SubscriberSort
  order: 'asc' | 'desc'
  /** From 1. */
  page: number
  perPage: number
}

export interface SubscriberRow {
  id: number
  email: string
  status: 'pending' | 'confirmed'
  createdAt: number
  confirmedAt: number | null
  /** Why the address fails the address rules (a code of src/contract/email-address.ts), or null. */
  addressProblem: string | null
}

const COLUMNS: Record<SubscriberSort, string> = { createdAt: 'created_at', email: 'email', status: 'status', confirmedAt: 'confirmed_at' }

function where(filter: SubscriberFilter): { sql: string; args: (string | number)[] } {
  const clauses: string[] = []
  const args: (string | number)[] = []
  const q = filter.q?.trim()
  if (q) {
    clauses.push("email LIKE ? ESCAPE '\\'")
    // `%`, `_` and `\` in a search match as themselves.
    args.push(`%${escapeLike(q)}%`)
  }
  if (filter.status) {
    clauses.push('status = ?')
    args.push(filter.status)
  }
  if (filter.address === 'flagged') clauses.push('address_problem IS NOT NULL')
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', args }
}

const toRow = (row: Record<string, unknown>): SubscriberRow => ({
  id: Number(row.id),
  email: storedEmail(row.email),
  status: row.status === 'confirmed' ? 'confirmed' : 'pending',
  createdAt: Number(row.created_at),
  confirmedAt: row.confirmed_at === null ? null : Number(row.confirmed_at),
  addressProblem: row.address_problem === null || row.address_problem === undefined ? null : String(row.address_problem),
})

const SELECTED = `id, ${EMAIL_BYTES}, status, created_at, confirmed_at, address_problem`

/**
 * The admin's view of the subscribers: one page of them (sorted, searched, filtered),
 * how many match, and how many there are by status.
 */
export async function listSubscribers(db: Client, options: SubscriberListOptions) {
  const filter = where(options)
  const direction = options.order === 'asc' ? 'ASC' : 'DESC'
  // NULLs (never confirmed) last whichever the direction; ties by id, so pages are stable.
  const order = `${COLUMNS[options.sort]} IS NULL, ${COLUMNS[options.sort]} ${direction}, id ${direction}`
  const [page, total, counts, flagged] = await db.batch(
    [
      {
        sql: `SELECT ${SELECTED} FROM subscribers ${filter.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
        args: [...filter.args, options.perPage, (options.page - 1) * options.perPage],
      },
      { sql: `SELECT count(*) AS n FROM subscribers ${filter.sql}`, args: filter.args },
      { sql: 'SELECT status, count(*) AS n FROM subscribers GROUP BY status', args: [] },
      { sql: 'SELECT count(*) AS n FROM subscribers WHERE address_problem IS NOT NULL', args: [] },
    ],
    'read',
  )
  const byStatus = Object.fromEntries((counts?.rows ?? []).map((row) => [String(row.status), Number(row.n)]))
  return {
    subscribers: (page?.rows ?? []).map((row) => toRow(row as Record<string, unknown>)),
    total: Number(total?.rows[0]?.n ?? 0),
    counts: { pending: byStatus.pending ?? 0, confirmed: byStatus.confirmed ?? 0, flagged: Number(flagged?.rows[0]?.n ?? 0) },
  }
}

/** Every subscriber matching `filter`, oldest first, read `chunk` rows at a time. */
export async function* allSubscribers(db: Client, filter: SubscriberFilter, chunk = 500): AsyncGenerator<SubscriberRow[]> {
  const { sql, args } = where(filter)
  let after = 0
  for (;;) {
    const { rows } = await db.execute({
      sql: `SELECT ${SELECTED} FROM subscribers ${sql ? `${sql} AND` : 'WHERE'} id > ? ORDER BY id LIMIT ?`,
      args: [...args, after, chunk],
    })
    if (!rows.length) return
    const page = rows.map((row) => toRow(row as Record<string, unknown>))
    yield page
    after = page[page.length - 1]?.id ?? after
    if (rows.length < chunk) return
  }
}

/** Removes a subscriber and the emails still queued for it; false when there was none. */
export async function deleteSubscriber(db: Client, id: number): Promise<boolean> {
  const [removed] = await db.batch(
    [
      { sql: 'DELETE FROM subscribers WHERE id = ? RETURNING id', args: [id] },
      { sql: 'DELETE FROM mail_queue WHERE subscriber_id = ? AND sent_at IS NULL', args: [id] },
    ],
    'write',
  )
  return (removed?.rows.length ?? 0) > 0
}

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export const CSV_HEADER = 'email,status,created_at,confirmed_at,address_problem\r\n'

/**
 * One CSV line of a subscriber, times in ISO 8601 (UTC). A flagged address has its
 * hidden characters spelled out (`a<U+0000>b@x.io`), so the file shows what is stored.
 */
export const csvLine = (row: SubscriberRow) =>
  `${[
    visibleAddress(row.email),
    row.status,
    new Date(row.createdAt).toISOString(),
    row.confirmedAt === null ? '' : new Date(row.confirmedAt).toISOString(),
    row.addressProblem ?? '',
  ]
    .map(csvField)
    .join(',')}\r\n`
