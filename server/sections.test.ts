import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { defineSiteConfig, type SiteConfig } from '../src/contract/site-schema'
import { buildFixture, createFixture, type Fixture, md } from '../testing/fixture-site'
import { createApp } from './app'
import { loadSite } from './site'

let fixture: Fixture
let allOn: Awaited<ReturnType<typeof loadSite>>
let someOff: Awaited<ReturnType<typeof loadSite>>
let config: SiteConfig

const home = md({ title: 'Home', description: 'The home page.' })
/** The app's page, for the build to write each route's HTML and the not-found page from. */
const template = '<!doctype html><html lang="en"><head><meta charset="utf-8" /></head><body><div id="app"></div></body></html>'

beforeAll(async () => {
  fixture = await createFixture({
    'content/index/index.md': home,
    'content/index/newsletter.md': md({ title: 'Newsletter', description: 'Monthly.' }),
    'content/landing/video-courses.yml': 'title: Video courses\ndescription: Learn.\n',
    'content/landing/enterprise/jobs.yml': 'title: Jobs\ndescription: Work.\n',
    'content/landing/showcase.yml': 'title: Showcase\ndescription: Sites.\n',
    'content/landing/enterprise.yml': 'title: Enterprise\ndescription: For teams.\n',
  })
  config = defineSiteConfig({ ...fixture.config, sections: { videoCourses: false, newsletter: false, admin: false, enterprise: { jobs: false } } })
  for (const dist of ['dist-all', 'dist-off']) await fixture.write({ [`${dist}/index.html`]: template })
  await buildFixture(fixture, join(fixture.root, 'dist-all'), { brokenLinks: 'warn' })
  await buildFixture(fixture, join(fixture.root, 'dist-off'), { config, brokenLinks: 'warn' })
  allOn = await loadSite(join(fixture.root, 'dist-all'))
  someOff = await loadSite(join(fixture.root, 'dist-off'))
})
afterAll(() => fixture.cleanup())

const offPaths = ['/video-courses', '/newsletter', '/enterprise/jobs', '/admin', '/admin/login', '/admin/subscribers']

describe('switched-off sections on the server', () => {
  it('answers 404 with the not-found page for the routes of a switched-off section, 200 for the others', async () => {
    const app = createApp({ site: someOff, config, api: { dataDir: join(fixture.root, 'data-off') } })
    for (const path of offPaths) {
      const response = await app.request(`http://127.0.0.1${path}`)
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).toContain('<title>Page not found')
    }
    for (const path of ['/', '/showcase', '/enterprise', '/enterprise/support', '/templates']) expect((await app.request(`http://127.0.0.1${path}`)).status, path).toBe(200)
  })

  it('answers 404 for them even from a build made while they were on', async () => {
    const app = createApp({ site: allOn, config, api: { dataDir: join(fixture.root, 'data-all') } })
    for (const path of offPaths) expect((await app.request(`http://127.0.0.1${path}`)).status, path).toBe(404)
    const on = createApp({ site: allOn, config: fixture.config, api: { dataDir: join(fixture.root, 'data-on') } })
    for (const path of offPaths) expect((await on.request(`http://127.0.0.1${path}`)).status, path).toBe(200)
  })

  it('has no newsletter API with the newsletter off and no sign-in or admin API with the admin off', async () => {
    const app = createApp({ site: someOff, config, api: { dataDir: join(fixture.root, 'data-api') }, settings: { publicUrl: new URL('https://fjord.test') } })
    const post = (path: string) =>
      app.request(`http://127.0.0.1${path}`, {
        method: 'POST',
        headers: { origin: 'https://fjord.test', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com' }),
      })
    for (const path of ['/api/newsletter/subscribe', '/api/newsletter/confirm', '/api/newsletter/unsubscribe']) expect((await post(path)).status, path).toBe(404)
    for (const path of ['/api/_auth/session', '/api/_auth/oauth', '/api/admin/subscribers']) expect((await app.request(`http://127.0.0.1${path}`)).status, path).toBe(404)
    expect((await app.request('http://127.0.0.1/api/stats')).status).toBe(200)
  })

  it('answers 404, not 200 with a not-found page, for a page of a section that is on when its content is missing', async () => {
    const bare = await createFixture({ 'content/index/index.md': home, 'dist/index.html': template })
    try {
      await buildFixture(bare, join(bare.root, 'dist'), { brokenLinks: 'warn' })
      const app = createApp({ site: await loadSite(join(bare.root, 'dist')), config: bare.config, api: { dataDir: join(bare.root, 'data') } })
      for (const path of ['/newsletter', '/enterprise/jobs', '/enterprise']) expect((await app.request(`http://127.0.0.1${path}`)).status, path).toBe(404)
      for (const path of ['/', '/templates', '/enterprise/support', '/admin/login']) expect((await app.request(`http://127.0.0.1${path}`)).status, path).toBe(200)
    } finally {
      await bare.cleanup()
    }
  })
})
