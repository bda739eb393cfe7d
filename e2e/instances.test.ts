import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { type Client, createClient } from '@libsql/client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { createSignInToken } from '../server/admin/sign-in-links'
import { DATABASE_FILE } from '../server/newsletter/database'
import { bounded, type Cluster, startCluster } from '../testing/cluster'
import { readOutbox } from '../testing/outbox'
import { deploymentFolder } from '../testing/production-server'

let work: string
let folder: string
const running: Cluster[] = []
const clients: Client[] = []

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'fjord-instances-'))
  folder = await deploymentFolder(join(work, 'site'))
})
afterEach(async () => {
  for (const client of clients.splice(0)) client.close()
  await Promise.all(running.splice(0).map((cluster) => cluster.stop()))
})
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
})

let clusters = 0
/** Two servers on one fresh database behind nginx. */
async function cluster(env: Record<string, string>): Promise<Cluster> {
  const started = await startCluster(folder, join(work, `data-${++clusters}`), { env })
  running.push(started)
  return started
}

/** The cluster's database, as a third connection to the file. */
function database(cluster: Cluster): Client {
  const client = createClient({ url: pathToFileURL(join(cluster.dataDir, DATABASE_FILE)).href, timeout: 5000 })
  clients.push(client)
  return client
}

interface Answer {
  email: string
  /** The HTTP status, or 0 when the connection failed. */
  status: number
  /** Which server answered (nginx's X-Upstream). */
  upstream: string
}

/** One newsletter signup through `base`, as the site's form sends it. */
async function signUp(cluster: Cluster, email: string, base = cluster.url): Promise<Answer> {
  try {
    const response = await fetch(`${base}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: cluster.url },
      body: JSON.stringify({ email }),
    })
    await response.arrayBuffer()
    return { email, status: response.status, upstream: response.headers.get('x-upstream') ?? base }
  } catch {
    return { email, status: 0, upstream: '' }
  }
}

/** The confirmation emails in the cluster's outbox, by address. */
async function confirmationsByAddress(cluster: Cluster): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  for (const mail of await readOutbox(join(cluster.dataDir, 'outbox'))) {
    const to = /^To: (\S+)$/m.exec(mail)?.[1]
    if (to) counts.set(to, (counts.get(to) ?? 0) + 1)
  }
  return counts
}

const unsent = async (db: Client) => Number((await db.execute('SELECT COUNT(*) AS n FROM mail_queue WHERE sent_at IS NULL AND failed_at IS NULL')).rows[0]?.n)

describe('two node dist-server/index.mjs behind nginx on one database', () => {
  it('count one signup rate limit between them', async () => {
    const site = await cluster({ FJORD_RATE_LIMIT_SUBSCRIBE: '10/600' })
    const answers: Answer[] = []
    for (let i = 0; i < 30; i++) answers.push(await signUp(site, `limited-${i}@example.com`))
    const allowed = answers.filter((a) => a.status === 200)
    const refused = answers.filter((a) => a.status === 429)
    expect(allowed).toHaveLength(10)
    expect(refused).toHaveLength(20)
    // Both servers took signups, and both refused once the quota was spent between them.
    expect(new Set(allowed.map((a) => a.upstream)).size).toBe(2)
    expect(new Set(refused.map((a) => a.upstream)).size).toBe(2)
  })

  it('hold confirmation codes, one-time sign-in links and admin sessions across servers', async () => {
    const site = await cluster({})
    const [first, second] = site.servers
    if (!first || !second) throw new Error('two servers expected')
    expect((await signUp(site, 'across@example.com', first.url)).status).toBe(200)
    let code = ''
    await expect.poll(async () => (code = /confirmation=([a-f0-9]{32})/.exec((await readOutbox(join(site.dataDir, 'outbox'))).join('\n'))?.[1] ?? '')).not.toBe('')
    const confirm = await fetch(`${second.url}/api/newsletter/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: site.url },
      body: JSON.stringify({ email: 'across@example.com', confirmation: code }),
    })
    expect(await confirm.json()).toEqual({ confirmed: true })

    // As `npm run admin:link` makes one: redeemed on one server, spent on the other.
    const token = await createSignInToken(database(site), 'ingridsolberg')
    const signedIn = await fetch(`${second.url}/api/_auth/link?token=${token}`, { redirect: 'manual' })
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get('location')).toBe('/admin')
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const session = await (await fetch(`${first.url}/api/_auth/session`, { headers: { cookie } })).json()
    expect(session).toMatchObject({ user: { login: 'ingridsolberg' } })
    const again = await fetch(`${first.url}/api/_auth/link?token=${token}`, { redirect: 'manual' })
    expect(again.headers.get('location')).toMatch(/error=link-invalid/)
  })

  it('lose and duplicate none of 1,000 concurrent signups spread over both', async () => {
    const site = await cluster({ FJORD_RATE_LIMIT_SUBSCRIBE: '100000/600' })
    const emails = Array.from({ length: 1000 }, (_, i) => `burst-${i}@example.com`)
    const answers = await bounded(
      emails.map((email) => () => signUp(site, email)),
      100,
    )
    expect(answers.filter((a) => a.status !== 200)).toEqual([])
    const perServer = new Map<string, number>()
    for (const a of answers) perServer.set(a.upstream, (perServer.get(a.upstream) ?? 0) + 1)
    expect(perServer.size).toBe(2)
    for (const count of perServer.values()) expect(count).toBeGreaterThan(100)

    const db = database(site)
    const { rows } = await db.execute("SELECT email FROM subscribers WHERE email LIKE 'burst-%'")
    expect(rows.map((row) => String(row.email)).sort()).toEqual([...emails].sort())
    expect(Number((await db.execute("SELECT COUNT(*) AS n FROM mail_queue WHERE kind = 'confirm'")).rows[0]?.n)).toBe(1000)
    await expect.poll(() => unsent(db), { timeout: 60_000 }).toBe(0)
    const emailsTo = await confirmationsByAddress(site)
    expect(emailsTo.size).toBe(1000)
    expect([...emailsTo.values()].every((count) => count === 1)).toBe(true)
  }, 240_000)

  it('lose no acknowledged signup when one is killed mid-burst, and the other sends each its one email', async () => {
    const site = await cluster({ FJORD_RATE_LIMIT_SUBSCRIBE: '100000/600', FJORD_MAIL_LEASE_SECONDS: '2', FJORD_MAIL_POLL_SECONDS: '1' })
    const [victim] = site.servers
    if (!victim) throw new Error('two servers expected')
    let acknowledged = 0
    const answers = await bounded(
      Array.from({ length: 600 }, (_, i) => async () => {
        const answer = await signUp(site, `kill-${i}@example.com`)
        if (answer.status === 200 && ++acknowledged === 150) victim.child.kill('SIGKILL')
        return answer
      }),
      50,
    )
    expect(victim.child.signalCode).toBe('SIGKILL')
    const kept = answers.filter((a) => a.status === 200).map((a) => a.email)
    // The survivor took the rest of the burst.
    expect(kept.length).toBeGreaterThan(300)

    const db = database(site)
    const stored = new Set((await db.execute("SELECT email FROM subscribers WHERE email LIKE 'kill-%'")).rows.map((row) => String(row.email)))
    expect(kept.filter((email) => !stored.has(email))).toEqual([])
    // Jobs the killed server had leased are sent by the survivor once their lease runs out.
    await expect.poll(() => unsent(db), { timeout: 60_000 }).toBe(0)
    const emailsTo = await confirmationsByAddress(site)
    expect(kept.filter((email) => emailsTo.get(email) !== 1)).toEqual([])
    expect([...emailsTo.values()].filter((count) => count !== 1)).toEqual([])
  }, 240_000)
})
