import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { createClient } from '@libsql/client'
import { afterEach, describe, expect, it } from 'vitest'

import { DATABASE_FILE } from './database'

const root = resolve(import.meta.dirname, '../..')
let dir: string
const children: ChildProcess[] = []

/** The API alone in a process of its own, on a free port. */
async function start(): Promise<{ child: ChildProcess; url: string; origin: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/testing/newsletter-server.ts'), dir], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  children.push(child)
  const line = await new Promise<string>((done, fail) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('\n')) done(out.split('\n')[0] ?? '')
    })
    child.once('exit', (code) => fail(new Error(`the server exited (${code}) before listening`)))
  })
  const [, port, origin] = line.split(' ')
  return { child, url: `http://127.0.0.1:${port}`, origin: origin ?? '' }
}

const subscribe = (server: { url: string; origin: string }, email: string) =>
  fetch(`${server.url}/api/newsletter/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.origin }, body: JSON.stringify({ email }) })

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
