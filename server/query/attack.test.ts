import { writeFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createQuery } from '../../src/contract/content/query-builder'
import { buildFixture, createFixture, type Fixture, md } from '../../testing/fixture-site'
import { createApp } from '../app'
import { loadSite } from '../site'
import { QueryRunner } from './runner'

/**
 * Issue 47's attack on the query endpoint, behind a real socket: one client keeps 100
 * expensive statements in flight (each unique, so the answer cache never helps), while
 * another client asks cheap ones and a visitor reads pages. The other client and the
 * visitor are answered (timings are `npm run bench:query-attack`'s), the attacker is
 * told to wait, and the probe's own statement is refused naming the bound it breaks.
 */
let fixture: Fixture
let server: ServerType
let runner: QueryRunner
let base: string

beforeAll(async () => {
  // 300 pages of about 6 KB of prose: eight LIKE patterns over their bodies take a while.
  const words = 'the router renders each page on the server then hydrates it in the browser while modules extend the build'.split(' ')
  const body = (n: number) => Array.from({ length: 1000 }, (_, i) => words[(i * 7 + n) % words.length]).join(' ')
  const pages = Object.fromEntries(Array.from({ length: 300 }, (_, n) => [`content/docs/4.x/1.guide/${n + 1}.page-${n}.md`, md({ title: `Page ${n}` }, body(n))]))
  fixture = await createFixture({
    ...pages,
    'content/blog/hello.md': md({ title: 'Hello', description: 'D', date: '2026-01-02', category: 'Release', image: '/a.svg', authors: [{ name: 'A' }] }, 'Hi.'),
    'public/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  })
  const dist = join(fixture.root, 'dist')
  await buildFixture(fixture, dist)
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Fjord</title>')
  runner = new QueryRunner({ budgetMs: 5000, maxRows: 1000, workers: 2, queue: { holdMs: 200 } })
  const app = createApp({ site: await loadSite(dist), config: fixture.config, runner })
  server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 120_000)
afterAll(async () => {
  server.close()
  await runner.close()
  await fixture.cleanup()
})

interface Answer {
  status: number
  retryAfter?: string
  body: string
}

/** A request from `localAddress` (any address of 127/8 is this machine: each is a client of its own). */
function send(agent: Agent, localAddress: string, path: string, sql?: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const body = sql === undefined ? undefined : JSON.stringify({ sql })
    const req = request(`${base}${path}`, { agent, localAddress, method: body ? 'POST' : 'GET', headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => done({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: text }))
    })
    req.on('error', fail)
    req.end(body)
  })
}

const expensive = (n: number) =>
  createQuery('docsv4')
    .select('path')
    .orWhere((group) => {
      for (let i = 0; i < 8; i++) group.where('body', 'LIKE', `%e_e_e%${n}-${i}`)
      return group
    })
    .toSQL()

describe('the query endpoint under attack', () => {
  it("answers another client's statements and pages while one client keeps 100 expensive statements in flight", async () => {
    const attackerAgent = new Agent({ keepAlive: true, maxSockets: 100 })
    const agent = new Agent({ keepAlive: true })
    try {
      let n = 0
      let attacking = true
      const attacker: Answer[] = []
      const attack = Promise.all(
        Array.from({ length: 100 }, async () => {
          while (attacking) attacker.push(await send(attackerAgent, '127.0.0.1', '/__content/docsv4/query', expensive(n++)))
        }),
      )
      // Until the attacker has been told to wait at least once: its queue is full.
      while (!attacker.some((a) => a.status === 429)) await new Promise((resolve) => setTimeout(resolve, 20))

      const reader: Answer[] = []
      const pages: Answer[] = []
      for (let i = 0; i < 20; i++) {
        const sql = createQuery('blog')
          .select('title')
          .where('path', '=', i % 2 ? '/blog/hello' : `/blog/none-${i}`)
          .toSQL()
        const [answer, page] = await Promise.all([send(agent, '127.0.0.2', '/__content/blog/query', sql), send(agent, '127.0.0.3', '/docs/4.x/guide/page-1')])
        reader.push(answer)
        pages.push(page)
      }
      attacking = false
      await attack

      expect(reader.map((a) => a.status)).toEqual(Array(20).fill(200))
      expect(reader[1]?.body).toBe('[{"title":"Hello"}]')
      expect(pages.map((a) => a.status)).toEqual(Array(20).fill(200))
      // The attacker's statements ran one at a time; past its queue it was told when to come back.
      const refused = attacker.filter((a) => a.status === 429)
      expect(attacker.some((a) => a.status === 200)).toBe(true)
      expect(refused.every((a) => Number(a.retryAfter) >= 1)).toBe(true)
      expect(JSON.parse(refused[0]?.body ?? '{}')).toEqual({ error: 'this client has too many statements waiting: try again shortly' })
      // On a machine busy with other work, some of its statements also wait past their turn (503): its own, never the others'.
      const waited = JSON.stringify({ error: 'the statement waited 10 s for its turn: the endpoint is busy' })
      expect(attacker.filter((a) => a.status !== 200 && a.status !== 429 && !(a.status === 503 && a.body === waited))).toEqual([])
    } finally {
      attackerAgent.destroy()
      agent.destroy()
    }
  }, 120_000)

  it("refuses the probe's statement, naming the bound it breaks", async () => {
    const agent = new Agent()
    try {
      const terms = Array.from({ length: 290 }, (_, i) => `"body" LIKE '%a%b%c%d%e%f%g%h%i%j%k%l%m%n%o%p%q%r%s%t%u%v%w%x%y%z${i}%' ESCAPE '\\'`)
      const answer = await send(agent, '127.0.0.4', '/__content/docsv4/query', `SELECT "path" FROM "_content_docsv4" WHERE (${terms.join(' OR ')})`)
      expect([answer.status, JSON.parse(answer.body)]).toEqual([400, { error: 'refused: a LIKE pattern holds at most 4 wildcards (% and _), this one 27' }])
    } finally {
      agent.destroy()
    }
  })
})
