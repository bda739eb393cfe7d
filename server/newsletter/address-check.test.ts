import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { createClient } from '@libsql/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { ADDRESS_RULES_VERSION, EMAIL_BYTES, storedEmail } from './address-check'
import { allSubscribers, CSV_HEADER, csvLine, listSubscribers } from './admin'
import { DATABASE_FILE } from './database'
import { type Mail, type Newsletter, openNewsletter } from './index'
import { migrations } from './migrations'

let dir: string
const now = Date.parse('2026-11-27T10:00:00Z')
const opened: Newsletter[] = []
const SITE = { url: new URL('https://fjord.test'), brand: 'Fjord' }

/** Subscribers as a database from before the address rules holds them: each with a queued, unsent confirmation. */
const OLD_ROWS = [
  'ok@example.com',
  'a\u0000b@x.io',
  'victim@target.example\u0000.n1',
  'victim@target.example',
  // The old normaliser lower-cased an international domain but kept it in Unicode.
  'user@bücher.example',
  'dup@xn--bcher-kva.example',
  'dup@bücher.example',
  'zero\u200bwidth@example.com',
]

/** A database file at the last version before the address rules (migration 4), with OLD_ROWS in it. */
async function oldDatabase() {
  const client = createClient({ url: pathToFileURL(join(dir, DATABASE_FILE)).href })
  await client.execute('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)')
  for (const migration of migrations.filter((m) => m.version < 4)) {
    await client.batch([...migration.statements, { sql: 'INSERT INTO schema_migrations VALUES (?, ?, ?)', args: [migration.version, migration.name, now] }], 'write')
  }
  for (const [i, email] of OLD_ROWS.entries()) {
    await client.batch(
      [
        { sql: "INSERT INTO subscribers (id, email, status, created_at, unsubscribe_token) VALUES (?, ?, 'pending', ?, ?)", args: [i + 1, email, now - 1000 + i, `t${i}`] },
        { sql: "INSERT INTO mail_queue (kind, subscriber_id, next_attempt_at, created_at) VALUES ('confirm', ?, ?, ?)", args: [i + 1, now, now] },
      ],
      'write',
    )
  }
  client.close()
}

async function open(lines: string[], sent: Mail[] = []) {
  const newsletter = await openNewsletter({
    dataDir: dir,
    env: {},
    site: SITE,
    now: () => now,
    log: (line) => lines.push(line),
    mailer: { name: 'memory', send: async (mail) => void sent.push(mail) },
  })
  opened.push(newsletter)
  return newsletter
}

const everyone = async (newsletter: Newsletter) =>
  (await newsletter.db.execute(`SELECT id, ${EMAIL_BYTES}, address_problem FROM subscribers ORDER BY id`)).rows.map((row) => ({
    id: row.id,
    email: storedEmail(row.email),
    address_problem: row.address_problem,
  }))

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fjord-addresses-'))
})
afterEach(async () => {
  for (const newsletter of opened.splice(0)) await newsletter.close()
  await rm(dir, { recursive: true, force: true })
})

describe('stored addresses against the address rules', () => {
  it('are flagged when they fail, reported once by count and ids, kept, and sent nothing', async () => {
    await oldDatabase()
    const lines: string[] = []
    const sent: Mail[] = []
    const newsletter = await open(lines, sent)
    expect(await everyone(newsletter)).toEqual([
      { id: 1, email: 'ok@example.com', address_problem: null },
      { id: 2, email: 'a\u0000b@x.io', address_problem: 'control-character' },
      { id: 3, email: 'victim@target.example\u0000.n1', address_problem: 'control-character' },
      { id: 4, email: 'victim@target.example', address_problem: null },
      { id: 5, email: 'user@xn--bcher-kva.example', address_problem: null },
      { id: 6, email: 'dup@xn--bcher-kva.example', address_problem: null },
      { id: 7, email: 'dup@bücher.example', address_problem: 'duplicate' },
      { id: 8, email: 'zero\u200bwidth@example.com', address_problem: 'invisible-character' },
    ])
    expect(lines).toEqual([
      'newsletter: 4 stored subscriber addresses failed the address rules (control-character 2, duplicate 1, invisible-character 1); flagged for an admin, nothing is sent to them: ids 2, 3, 7, 8',
      'newsletter: 1 stored subscriber address now kept in normalised form: ids 5',
    ])

    // Their queued emails are given up, with the reason; the others go out.
    await newsletter.queue.drain()
    expect(sent.map((mail) => mail.to).sort()).toEqual(['dup@xn--bcher-kva.example', 'ok@example.com', 'user@xn--bcher-kva.example', 'victim@target.example'])
    const failed = await newsletter.db.execute('SELECT subscriber_id, last_error FROM mail_queue WHERE failed_at IS NOT NULL ORDER BY subscriber_id')
    expect(failed.rows.map((row) => [row.subscriber_id, row.last_error])).toEqual([
      [2, 'address problem: control-character'],
      [3, 'address problem: control-character'],
      [7, 'address problem: duplicate'],
      [8, 'address problem: invisible-character'],
    ])
    // Even a job queued later sends nothing to a flagged subscriber.
    expect(await newsletter.store.mailFor('confirm', 2)).toBeUndefined()

    // The normalised form finds the subscriber that was stored in Unicode.
    expect(await newsletter.store.subscribe('user@BÜCHER.example')).toBe('pending')
    expect((await everyone(newsletter)).length).toBe(OLD_ROWS.length)

    // Opened again: nothing to report.
    await newsletter.close()
    opened.splice(0)
    lines.length = 0
    await open(lines)
    expect(lines).toEqual([])
  })

  it('are checked again when the rules change, and a flag the rules no longer raise is cleared', async () => {
    await oldDatabase()
    const first = await open([])
    await first.db.execute("UPDATE subscribers SET address_problem = 'some-old-rule' WHERE id = 1")
    await first.db.execute({ sql: 'UPDATE data_checks SET version = ?', args: [ADDRESS_RULES_VERSION - 1] })
    await first.close()
    opened.splice(0)
    const lines: string[] = []
    const second = await open(lines)
    expect((await everyone(second)).filter((row) => row.address_problem).map((row) => row.id)).toEqual([2, 3, 7, 8])
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('ids 2, 3, 7, 8')
  })

  it('show in the admin list and CSV with their reason and hidden characters spelled out', async () => {
    await oldDatabase()
    const { db } = await open([])
    const list = await listSubscribers(db, { sort: 'createdAt', order: 'asc', page: 1, perPage: 25 })
    expect(list.counts).toEqual({ pending: 8, confirmed: 0, flagged: 4 })
    expect(list.subscribers[1]).toMatchObject({ id: 2, email: 'a\u0000b@x.io', addressProblem: 'control-character' })
    const flagged = await listSubscribers(db, { address: 'flagged', sort: 'createdAt', order: 'asc', page: 1, perPage: 25 })
    expect(flagged.subscribers.map((s) => s.id)).toEqual([2, 3, 7, 8])
    expect(flagged.total).toBe(4)

    const csv = [CSV_HEADER]
    for await (const rows of allSubscribers(db, { address: 'flagged' })) csv.push(...rows.map(csvLine))
    expect(
      csv
        .join('')
        .split('\r\n')
        .map((line) => line.replace(/,[^,]*Z,/, ',<created>,')),
    ).toEqual([
      'email,status,created_at,confirmed_at,address_problem',
      'a<U+0000>b@x.io,pending,<created>,,control-character',
      'victim@target.example<U+0000>.n1,pending,<created>,,control-character',
      'dup@bücher.example,pending,<created>,,duplicate',
      'zero<U+200B>width@example.com,pending,<created>,,invisible-character',
      '',
    ])
  })

  it('flag what the old JSON file holds that fails them, and import it all the same', async () => {
    const legacy = [
      { email: 'fine@Example.com', confirmed: true, createdAt: '2025-01-02T03:04:05.000Z' },
      { email: 'nul\u0000@example.com', confirmed: true, createdAt: '2025-01-02T03:04:05.000Z' },
      { email: 'no-at-sign', confirmation: 'c'.repeat(32), confirmed: false },
    ]
    await writeFile(join(dir, 'newsletter.json'), JSON.stringify(legacy))
    const lines: string[] = []
    const newsletter = await open(lines)
    expect((await everyone(newsletter)).map((row) => [row.email, row.address_problem])).toEqual([
      ['fine@example.com', null],
      ['nul\u0000@example.com', 'control-character'],
      ['no-at-sign', 'missing-at'],
    ])
    expect(lines.slice(1)).toEqual([
      'newsletter: 2 imported subscriber addresses failed the address rules (control-character 1, missing-at 1); flagged for an admin, nothing is sent to them: ids 2, 3',
    ])
  })
})
