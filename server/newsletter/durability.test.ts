import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { createClient } from '@libsql/client'
import { afterEach, describe, expect, it } from 'vitest'

import { startNewsletterServer, subscribe } from '../../testing/newsletter-process'
import { DATABASE_FILE } from './database'

let dir: string
const children: ChildProcess[] = []

async function start() {
  const server = await startNewsletterServer(dir)
  children.push(server.child)
  return server
}

async function stored() {
  const db = createClient({ url: pathToFileURL(join(dir, DATABASE_FILE)).href })
  try {
    const emails = (await db.execute('SELECT email FROM subscribers')).rows.map((row) => String(row.email))
    const queued = Number((await db.execute('SELECT count(*) AS n FROM mail_queue')).rows[0]?.n)
    const integrity = String((await db.execute('PRAGMA integrity_check')).rows[0]?.integrity_check)
    return { emails, queued, integrity }
  } finally {
    db.close()
  }
}

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  await rm(dir, { recursive: true, force: true })
})

describe('newsletter durability (loopback)', () => {
  it('stores 1,000 concurrent distinct signups exactly once each, with no server error', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fjord-durability-'))
    const server = await start()
    const addresses = Array.from({ length: 1000 }, (_, i) => `reader-${i}@example.com`)
    // Each address twice, in another case the second time: still one subscriber each.
    const statuses = await Promise.all([...addresses, ...addresses.slice(0, 100).map((a) => a.toUpperCase())].map(async (email) => (await subscribe(server, email)).status))
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    server.child.kill('SIGTERM')
    const { emails, queued, integrity } = await stored()
    expect(emails.sort()).toEqual([...addresses].sort())
    expect(queued).toBe(1000)
    expect(integrity).toBe('ok')
  })

  it('keeps every acknowledged signup when the server is killed (SIGKILL) mid-burst, and restarts', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fjord-durability-'))
    const server = await start()
    const acknowledged: string[] = []
    let killed = false
    const burst = Array.from({ length: 600 }, (_, i) => `burst-${i}@example.com`).map(async (email) => {
      try {
        const res = await subscribe(server, email)
        if (res.ok) acknowledged.push(email)
        if (acknowledged.length >= 200 && !killed) {
          killed = true
          server.child.kill('SIGKILL')
        }
      } catch {
        // Cut off by the kill: not acknowledged.
      }
    })
    await Promise.all(burst)
    expect(killed).toBe(true)
    expect(acknowledged.length).toBeGreaterThanOrEqual(200)
    // The server starts again on the same database.
    const again = await start()
    expect((await subscribe(again, 'after-restart@example.com')).status).toBe(200)
    again.child.kill('SIGTERM')
    const { emails, integrity } = await stored()
    expect(integrity).toBe('ok')
    const kept = new Set(emails)
    expect(acknowledged.filter((email) => !kept.has(email))).toEqual([])
    expect(kept.has('after-restart@example.com')).toBe(true)
  })
})
