import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildFixture, createFixture, type Fixture, md } from '../testing/fixture-site'
import { createApp } from './app'
import { liveSite } from './live-site'
import { QueryRunner } from './query/runner'

let fixture: Fixture
let dist: string
const runner = new QueryRunner({ budgetMs: 1000, maxRows: 100, workers: 1 })

/** The app build's index.html with one inline script, as `vite build` writes it (the content build fills it per page). */
const template = (script: string) => `<!doctype html><html><head><title>Fjord</title><script>${script}</script></head><body><div id="app"></div></body></html>`
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

beforeAll(async () => {
  fixture = await createFixture({ 'content/docs/4.x/1.guide/1.first.md': md({ title: 'First' }, 'One.') })
  dist = join(fixture.root, 'dist')
  await mkdir(dist)
  await writeFile(join(dist, 'index.html'), template('window.build = 1'))
  await buildFixture(fixture, dist)
}, 60_000)
afterAll(async () => {
  await runner.close()
  await fixture.cleanup()
})

/** The script-src hashes a response's policy allows, and those of the inline scripts in its body. */
async function scripts(res: Response) {
  const allowed = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.match(/'sha256-[^']+'/g) ?? []
  const inline = [...(await res.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => sha256(m[1] ?? ''))
  return { allowed, inline }
}

describe('a server whose dist/ is rebuilt while it runs', () => {
  it('answers from the new build once it is complete, each page with a policy made from the HTML it sends', async () => {
    const logged: string[] = []
    const live = await liveSite(dist, (site) => createApp({ site, config: fixture.config, runner }), { checkEveryMs: 60_000, log: (line) => logged.push(line) })
    const get = (path: string) => live.fetch(new Request(`http://127.0.0.1${path}`))
    const first = await get('/docs/4.x/guide/first')
    expect(first.status).toBe(200)
    expect(await scripts(first)).toEqual({ allowed: [sha256('window.build = 1')], inline: [sha256('window.build = 1')] })
    expect((await get('/docs/4.x/guide/second')).status).toBe(404)
    const before = live.site.buildId

    // The app and the content built again: another inline script, and a page more.
    await writeFile(join(dist, 'index.html'), template('window.build = 2'))
    await fixture.write({ 'content/docs/4.x/1.guide/2.second.md': md({ title: 'Second' }, 'Two.') })
    await buildFixture(fixture, dist)

    // Not switched yet: whichever HTML a page is read as, its policy allows exactly its inline scripts.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const rewritten = await scripts(await get('/docs/4.x/guide/first'))
    expect(rewritten).toEqual({ allowed: [sha256('window.build = 2')], inline: [sha256('window.build = 2')] })

    expect(await live.refresh()).toBe(true)
    expect(live.site.buildId).not.toBe(before)
    expect(logged).toEqual([`Serving build ${live.site.buildId}`])
    const added = await get('/docs/4.x/guide/second')
    expect(added.status).toBe(200)
    expect(await scripts(added)).toEqual({ allowed: [sha256('window.build = 2')], inline: [sha256('window.build = 2')] })
    // Nothing new: nothing to switch to.
    expect(await live.refresh()).toBe(false)
  }, 60_000)

  it('keeps answering from the build in place while the next one is incomplete', async () => {
    const live = await liveSite(dist, (site) => createApp({ site, config: fixture.config, runner }), { checkEveryMs: 60_000, log: () => {} })
    const id = live.site.buildId
    // The next build has written its latest.json, not yet its records.
    await writeFile(join(dist, 'builds', 'latest.json'), JSON.stringify({ id: 'f00dcafe', timestamp: Date.now() }))
    expect(await live.refresh()).toBe(false)
    expect(live.site.buildId).toBe(id)
    expect((await live.fetch(new Request('http://127.0.0.1/docs/4.x/guide/second'))).status).toBe(200)
    await writeFile(join(dist, 'builds', 'latest.json'), JSON.stringify({ id, timestamp: Date.now() }))
  })
})
