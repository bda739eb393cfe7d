import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { type Client, createClient } from '@libsql/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { DATABASE_FILE, openDatabase } from '../newsletter/database'
import { GroupCommit } from '../newsletter/group-commit'
import { retryMessage, SharedRateLimiter } from './rate-limit'

let dir: string
const clients: Client[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fjord-rate-limit-'))
})
afterEach(async () => {
  for (const client of clients.splice(0)) client.close()
  await rm(dir, { recursive: true, force: true })
})

/** The server database, migrated; each call is another connection to the same file, as another server process would hold. */
async function database(): Promise<Client> {
  const client = clients.length ? createClient({ url: pathToFileURL(join(dir, DATABASE_FILE)).href, timeout: 5000 }) : await openDatabase({ dataDir: dir, env: {} })
  clients.push(client)
  return client
}

describe('SharedRateLimiter', () => {
  it('lets a client make its quota in a window, then says how long to wait', async () => {
    let now = 0
    const limiter = new SharedRateLimiter(new GroupCommit(await database()), () => now)
    const rule = { limit: 2, windowMs: 60_000 }
    expect(await limiter.hit('subscribe', 'a', rule)).toBeUndefined()
    expect(await limiter.hit('subscribe', 'a', rule)).toBeUndefined()
    now = 15_000
    expect(await limiter.hit('subscribe', 'a', rule)).toBe(45)
    // Another client, and another endpoint group, have their own quota.
    expect(await limiter.hit('subscribe', 'b', rule)).toBeUndefined()
    expect(await limiter.hit('confirm', 'a', rule)).toBeUndefined()
    // A new window starts afresh.
    now = 60_000
    expect(await limiter.hit('subscribe', 'a', rule)).toBeUndefined()
  })

  it('counts the requests of every server on the database against one quota', async () => {
    const rule = { limit: 10, windowMs: 60_000 }
    const servers = [new SharedRateLimiter(new GroupCommit(await database())), new SharedRateLimiter(new GroupCommit(await database()))]
    // Sent at once, half to each server: exactly the quota is allowed, whichever server answers.
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => servers[i % 2]?.hit('subscribe', '203.0.113.7', rule)))
    expect(answers.filter((wait) => wait === undefined)).toHaveLength(10)
    expect(await servers[0]?.hit('subscribe', '203.0.113.7', rule)).toBeGreaterThan(0)
    expect(await servers[1]?.hit('subscribe', '203.0.113.7', rule)).toBeGreaterThan(0)
  })

  it('deletes windows that have ended, so a flood of addresses leaves no rows behind', async () => {
    let now = 0
    const db = await database()
    const limiter = new SharedRateLimiter(new GroupCommit(db), () => now)
    const rule = { limit: 1, windowMs: 1000 }
    for (let i = 0; i < 50; i++) await limiter.hit('subscribe', `client-${i}`, rule)
    now = 120_000
    expect(await limiter.hit('subscribe', 'late', rule)).toBeUndefined()
    const { rows } = await db.execute('SELECT client FROM rate_limits')
    expect(rows.map((row) => row.client)).toEqual(['late'])
  })

  it('words the wait in seconds or minutes', () => {
    expect(retryMessage('signups', 1)).toBe('Too many signups. Please try again in 1 second.')
    expect(retryMessage('signups', 30)).toBe('Too many signups. Please try again in 30 seconds.')
    expect(retryMessage('signups', 61)).toBe('Too many signups. Please try again in 2 minutes.')
  })
})
