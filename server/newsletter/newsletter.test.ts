import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { readOutbox } from '../../testing/outbox'
import { migrate, openCounterDatabase } from './database'
import { type Mail, type Mailer, type Newsletter, openNewsletter, OutboxMailer } from './index'
import { migrations } from './migrations'
import { LEASE_MS } from './queue'
import { CODE_TTL_MS, RESEND_AFTER_MS } from './store'

let dir: string
let now: number
const opened: Newsletter[] = []
const SITE = { url: new URL('https://fjord.test'), brand: 'Fjord' }

/** A mailer that keeps what it sends, and fails the first `failures` sends. */
function memoryMailer(failures = 0): Mailer & { sent: Mail[] } {
  const sent: Mail[] = []
  let left = failures
  return {
    name: 'memory',
    sent,
    async send(mail) {
      if (left-- > 0) throw new Error('SMTP 421 try again later')
      sent.push(mail)
    },
  }
}

async function open(options: { mailer?: Mailer; log?: (line: string) => void; site?: typeof SITE } = {}) {
  const newsletter = await openNewsletter({
    dataDir: dir,
    env: {},
    site: options.site ?? SITE,
    now: () => now,
    log: options.log ?? (() => undefined),
    mailer: options.mailer,
    queue: { retryDelayMs: 1000, maxAttempts: 3 },
  })
  opened.push(newsletter)
  return newsletter
}

const linkIn = (mail: Mail | undefined, param: string) => new URL(/https:\/\/\S+confirmation=\S+/.exec(mail?.text ?? '')?.[0] ?? 'https://x').searchParams.get(param) ?? ''

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fjord-newsletter-'))
  now = Date.parse('2026-11-23T10:00:00Z')
})
afterEach(async () => {
  for (const newsletter of opened.splice(0)) await newsletter.close()
  await rm(dir, { recursive: true, force: true })
})

describe('the server database', () => {
  it('applies each migration once, in order, and records it', async () => {
    const { db } = await open()
    const { rows } = await db.execute('SELECT version, name FROM schema_migrations ORDER BY version')
    expect(rows.map((row) => Number(row.version))).toEqual(migrations.map((m) => m.version))
    expect(await migrate(db)).toEqual([])
    const tables = await db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    expect(tables.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['mail_queue', 'schema_migrations', 'subscribers']))
  })

  it('logs ahead, syncs each commit and waits for a busy lock on every connection of its pool', async () => {
    const { db } = await open()
    // An open transaction holds one connection, so what follows runs on another.
    const held = await db.transaction('read')
    try {
      const settings = async () => ({
        journal: (await db.execute('PRAGMA journal_mode')).rows[0]?.journal_mode,
        synchronous: Number((await db.execute('PRAGMA synchronous')).rows[0]?.synchronous),
        busyTimeout: Number((await db.execute('PRAGMA busy_timeout')).rows[0]?.timeout),
      })
      expect(await settings()).toEqual({ journal: 'wal', synchronous: 2, busyTimeout: 5000 })
      expect(Number((await held.execute('PRAGMA synchronous')).rows[0]?.synchronous)).toBe(2)
    } finally {
      held.close()
    }
  })

  it('counts rate limits in the same file without syncing each count, and keeps every durable write synced', async () => {
    const { db, rateLimits } = await open()
    const counters = await openCounterDatabase({ dataDir: dir, env: {} })
    try {
      expect(Number((await counters?.execute('PRAGMA synchronous'))?.rows[0]?.synchronous)).toBe(1)
      expect(Number((await db.execute('PRAGMA synchronous')).rows[0]?.synchronous)).toBe(2)
    } finally {
      counters?.close()
    }
    expect(await rateLimits.hit('subscribe', '203.0.113.9', { limit: 1, windowMs: 60_000 })).toBeUndefined()
    expect((await db.execute('SELECT bucket, client, count FROM rate_limits')).rows.map((row) => ({ ...row }))).toEqual([{ bucket: 'subscribe', client: '203.0.113.9', count: 1 }])
    expect(await rateLimits.hit('subscribe', '203.0.113.9', { limit: 1, windowMs: 60_000 })).toBe(60)
    // A remote database has no second client: the counts go through the one.
    expect(await openCounterDatabase({ dataDir: dir, env: { FJORD_DATABASE_URL: 'libsql://db.example.com' } })).toBeUndefined()
  })
})

describe('newsletter subscribers', () => {
  it('normalise addresses: trimmed, domain lower-cased and in its ASCII form, one subscriber whatever the case', async () => {
    const { store, db } = await open({ mailer: memoryMailer() })
    await store.subscribe('Jane.Doe@Example.COM')
    await store.subscribe(' jane.doe@example.com')
    await store.subscribe('user@Bücher.example')
    await store.subscribe('user@xn--bcher-kva.example')
    const { rows } = await db.execute('SELECT email FROM subscribers ORDER BY id')
    expect(rows.map((row) => row.email)).toEqual(['Jane.Doe@example.com', 'user@xn--bcher-kva.example'])
    expect(await store.confirm('user@BÜCHER.example', 'wrong')).toBe(false)
  })

  it('refuse an address that fails the address rules, storing nothing', async () => {
    const { store, db } = await open({ mailer: memoryMailer() })
    await expect(store.subscribe('a\u0000b@x.io')).rejects.toThrow('not an email address (control-character)')
    await expect(store.subscribe('victim@target.example\u0000.n1')).rejects.toThrow('control-character')
    expect(await store.confirm('a\u0000b@x.io', 'f'.repeat(32))).toBe(false)
    expect((await db.execute('SELECT count(*) AS n FROM subscribers')).rows[0]?.n).toBe(0)
  })

  it('send a confirmation email (text and HTML, with an unsubscribe link) whose code confirms for 48 hours, keeping only its hash', async () => {
    const mailer = memoryMailer()
    const { store, queue, db } = await open({ mailer })
    expect(await store.subscribe('reader@example.com')).toBe('pending')
    await queue.drain()
    expect(mailer.sent).toHaveLength(1)
    const [mail] = mailer.sent
    expect(mail?.to).toBe('reader@example.com')
    expect(mail?.subject).toBe('Confirm your subscription to the Fjord newsletter')
    const code = linkIn(mail, 'confirmation')
    expect(code).toMatch(/^[a-f0-9]{32}$/)
    expect(mail?.html).toContain(`confirmation=${code}`)
    expect(mail?.text).toMatch(/Unsubscribe: https:\/\/fjord\.test\/newsletter\?unsubscribe=\S+/)
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/fjord\.test\/newsletter\?unsubscribe=/)
    // The code is nowhere in the database.
    const dump = JSON.stringify((await db.execute('SELECT * FROM subscribers')).rows)
    expect(dump).not.toContain(code)

    expect(await store.confirm('reader@example.com', 'f'.repeat(32))).toBe(false)
    expect(await store.confirm('other@example.com', code)).toBe(false)
    expect(await store.confirm('Reader@EXAMPLE.com', code)).toBe(true)
    // Opening the link again still says yes.
    expect(await store.confirm('reader@example.com', code)).toBe(true)
    expect(await store.subscribe('reader@example.com')).toBe('already-confirmed')
  })

  it('refuse a code once 48 hours have passed', async () => {
    const mailer = memoryMailer()
    const { store, queue } = await open({ mailer })
    await store.subscribe('late@example.com')
    await queue.drain()
    now += CODE_TTL_MS
    expect(await store.confirm('late@example.com', linkIn(mailer.sent[0], 'confirmation'))).toBe(false)
  })

  it('send one confirmation per pending address in 10 minutes, then a new code', async () => {
    const mailer = memoryMailer()
    const { store, queue } = await open({ mailer })
    await Promise.all([store.subscribe('flood@example.com'), store.subscribe('flood@example.com'), store.subscribe('Flood@Example.com')])
    now += RESEND_AFTER_MS - 1
    await store.subscribe('flood@example.com')
    await queue.drain()
    expect(mailer.sent).toHaveLength(1)
    now += 1
    await store.subscribe('flood@example.com')
    await queue.drain()
    expect(mailer.sent).toHaveLength(2)
    // The newest code is the one that works.
    expect(await store.confirm('flood@example.com', linkIn(mailer.sent[0], 'confirmation'))).toBe(false)
    expect(await store.confirm('flood@example.com', linkIn(mailer.sent[1], 'confirmation'))).toBe(true)
  })

  it('unsubscribe with the token from the email, once', async () => {
    const mailer = memoryMailer()
    const { store, queue, db } = await open({ mailer })
    await store.subscribe('bye@example.com')
    await queue.drain()
    const token = new URL(/Unsubscribe: (\S+)/.exec(mailer.sent[0]?.text ?? '')?.[1] ?? 'https://x').searchParams.get('unsubscribe') ?? ''
    expect(await store.unsubscribe('nope')).toBe(false)
    expect(await store.unsubscribe(token)).toBe(true)
    expect(await store.unsubscribe(token)).toBe(false)
    expect((await db.execute('SELECT count(*) AS n FROM subscribers')).rows[0]?.n).toBe(0)
  })
})

describe('the mail queue', () => {
  it('retries a failed send with a growing delay, then sends', async () => {
    const lines: string[] = []
    const mailer = memoryMailer(2)
    const { store, queue, db } = await open({ mailer, log: (line) => lines.push(line) })
    await store.subscribe('retry@example.com')
    await queue.drain()
    expect(mailer.sent).toHaveLength(0)
    const due = async () => Number((await db.execute('SELECT next_attempt_at FROM mail_queue')).rows[0]?.next_attempt_at) - now
    expect(await due()).toBe(1000)
    now += 1000
    await queue.drain()
    expect(await due()).toBe(2000)
    now += 1999
    await queue.drain()
    expect(mailer.sent).toHaveLength(0)
    now += 1
    await queue.drain()
    expect(mailer.sent).toHaveLength(1)
    expect(lines.filter((line) => line.includes('SMTP 421'))).toHaveLength(2)
  })

  it('gives up after the last attempt and says so', async () => {
    const lines: string[] = []
    const { store, queue, db } = await open({ mailer: memoryMailer(99), log: (line) => lines.push(line) })
    await store.subscribe('never@example.com')
    for (let i = 0; i < 5; i++) {
      await queue.drain()
      now += 3600_000
    }
    expect((await db.execute('SELECT attempts, failed_at IS NOT NULL AS failed FROM mail_queue')).rows[0]).toMatchObject({ attempts: 3, failed: 1 })
    expect(lines.at(-1)).toContain('gave up on email')
  })

  it('sends after a restart what was acknowledged but not sent', async () => {
    const first = await open({ mailer: memoryMailer() })
    await first.queue.stop()
    await first.store.subscribe('crash@example.com')
    await first.close()
    const mailer = memoryMailer()
    const second = await open({ mailer })
    await second.queue.drain()
    expect(mailer.sent.map((mail) => mail.to)).toEqual(['crash@example.com'])
  })

  it('sends an email whose server died mid-send again from another server once its lease runs out, leaving one email in the outbox', async () => {
    const outbox = join(dir, 'outbox')
    const quiet = { log: () => undefined }
    // The first server writes the email, then never gets to mark it sent (as if killed).
    let revive = () => {}
    const dead = new Promise<void>((done) => (revive = done))
    const writer = new OutboxMailer(outbox, 'newsletter@fjord.test', quiet)
    const dying: Mailer = {
      name: 'dying',
      async send(mail) {
        await writer.send(mail)
        await dead
      },
    }
    try {
      const first = await open({ mailer: dying })
      await first.store.subscribe('lease@example.com')
      void first.queue.drain()
      await vi.waitFor(async () => expect(await readdir(outbox)).toHaveLength(1))

      const second = await open({ mailer: new OutboxMailer(outbox, 'newsletter@fjord.test', quiet) })
      await second.queue.drain()
      // Still leased by the first server: not sent twice at once.
      expect(await readOutbox(outbox)).toHaveLength(1)
      now += LEASE_MS
      await second.queue.drain()
      const emails = await readOutbox(outbox)
      expect(emails).toHaveLength(1)
      // The one email left is the second send, whose code is the one that confirms.
      const code = /confirmation=([a-f0-9]{32})/.exec(emails[0] ?? '')?.[1] ?? ''
      expect(await second.store.confirm('lease@example.com', code)).toBe(true)
    } finally {
      // Whatever the outcome: closing the first server's queue waits for its send.
      revive()
    }
  })
})

describe('the default mailer', () => {
  it('writes each email as a MIME file with text and HTML; logs the links on loopback only', async () => {
    const lines: string[] = []
    const secure = await open({ log: (line) => lines.push(line) })
    await secure.store.subscribe('mime@example.com')
    await secure.queue.drain()
    const [file] = await readdir(join(dir, 'outbox'))
    // Headers unfolded (long ones continue on the next line).
    const eml = (await readFile(join(dir, 'outbox', file ?? ''), 'utf8')).replace(/\n[ \t]+/g, ' ')
    expect(eml).toMatch(/^To: mime@example\.com$/m)
    expect(eml).toMatch(/Content-Type: multipart\/alternative/)
    expect(eml).toMatch(/Content-Type: text\/plain/)
    expect(eml).toMatch(/Content-Type: text\/html/)
    expect(eml).toMatch(/^List-Unsubscribe: <https:\/\/fjord\.test\/newsletter\?unsubscribe=/m)
    expect(lines.join('\n')).toContain('written to')
    expect(lines.join('\n')).not.toContain('confirmation=')
    await secure.close()

    const local = await open({ log: (line) => lines.push(line), site: { url: new URL('http://127.0.0.1:3000'), brand: 'Fjord' } })
    await local.store.subscribe('dev@example.com')
    await local.queue.drain()
    expect(lines.join('\n')).toMatch(/http:\/\/127\.0\.0\.1:3000\/newsletter\?email=dev%40example\.com&confirmation=[a-f0-9]{32}/)
  })
})

describe('subscribers of the old JSON file', () => {
  it('are imported once, nothing lost, and the file is renamed', async () => {
    const legacy = [
      { email: 'old@example.com', confirmation: 'a'.repeat(32), confirmed: true, createdAt: '2025-01-02T03:04:05.000Z', confirmedAt: '2025-01-03T00:00:00.000Z' },
      { email: 'Waiting@Example.com', confirmation: 'b'.repeat(32), confirmed: false, createdAt: '2026-11-22T00:00:00.000Z' },
      { email: 'OLD@example.com', confirmation: 'c'.repeat(32), confirmed: false, createdAt: '2026-11-22T00:00:00.000Z' },
    ]
    await writeFile(join(dir, 'newsletter.json'), JSON.stringify(legacy))
    const lines: string[] = []
    const { store, db } = await open({ mailer: memoryMailer(), log: (line) => lines.push(line) })
    expect(lines[0]).toContain('imported 2 subscribers')
    const { rows } = await db.execute('SELECT email, status, created_at FROM subscribers ORDER BY email')
    expect(rows.map((row) => [row.email, row.status])).toEqual([
      ['old@example.com', 'confirmed'],
      ['Waiting@example.com', 'pending'],
    ])
    expect(Number(rows[0]?.created_at)).toBe(Date.parse('2025-01-02T03:04:05.000Z'))
    // A pending subscriber's emailed link still works.
    expect(await store.confirm('waiting@example.com', 'b'.repeat(32))).toBe(true)
    const files = await readdir(dir)
    expect(files).not.toContain('newsletter.json')
    expect(files.some((name) => name.startsWith('newsletter.json.imported-'))).toBe(true)
  })

  it('leave a file that is not JSON where it is, and say why', async () => {
    await writeFile(join(dir, 'newsletter.json'), '{ not json')
    await expect(open()).rejects.toThrow(/newsletter\.json could not be read as JSON .*left as it is/)
    expect(await readdir(dir)).toContain('newsletter.json')
  })
})
