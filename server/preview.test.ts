import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { draftsResponseSchema } from '../src/contract/api-schemas'
import { DRAFTS_DIR, privateDir } from '../src/contract/content/build-output'
import { buildFixture, createFixture, type Fixture, md } from '../testing/fixture-site'
import { createApp } from './app'
import { PREVIEW_INVALID, PREVIEW_NOT_CONFIGURED } from './preview'
import { type BuiltSite, loadSite } from './site'

let fixture: Fixture
let dist: string
let site: BuiltSite
const TOKEN = 'preview-secret-1'

const post = (title: string, draft: boolean) =>
  md({ title, description: `${title}.`, date: '2026-01-01', category: 'Release', image: '/a.svg', authors: [{ name: 'A' }], draft }, `The text of ${title}.`)

const appWith = (env: Record<string, string>) =>
  createApp({ site, config: fixture.config, api: { env, secret: 'test-secret' }, settings: { publicUrl: new URL('https://fjord.test') } })

/** Every file the public site serves, as text, with its path. */
async function publicFiles(dir: string, prefix = ''): Promise<[string, string][]> {
  const out: [string, string][] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await publicFiles(path, `${prefix}/${entry.name}`)))
    else if (!/\.(gz|br)$/.test(entry.name)) out.push([`${prefix}/${entry.name}`, await readFile(path, 'utf8')])
  }
  return out
}

beforeAll(async () => {
  fixture = await createFixture({
    'public/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'content/blog/live.md': post('Live post', false),
    'content/blog/secret-plans.md': post('Secret plans', true),
    'content/docs/4.x/1.getting-started/1.intro.md': md({ title: 'Intro' }, 'Start.'),
    'content/docs/4.x/1.getting-started/2.unreleased.md': md({ title: 'Unreleased feature', draft: true }, 'Not yet.'),
  })
  dist = join(fixture.root, 'dist')
  await buildFixture(fixture, dist)
  site = await loadSite(dist)
})
afterAll(() => fixture.cleanup())

describe('draft pages', () => {
  it('are in no public file: dumps, payloads, listings, sitemap, feeds, search', async () => {
    const files = await publicFiles(dist)
    expect(files.length).toBeGreaterThan(10)
    for (const [path, text] of files) {
      expect(text.includes('Secret plans') || text.includes('secret-plans'), path).toBe(false)
      expect(text.includes('Unreleased feature'), path).toBe(false)
    }
    expect(files.some(([, text]) => text.includes('Live post'))).toBe(true)
  })

  it('are built into a dump of their own per collection, outside the site', async () => {
    const drafts = join(privateDir(dist), DRAFTS_DIR)
    expect(existsSync(join(drafts, 'blog.sql'))).toBe(true)
    expect(await readFile(join(drafts, 'blog.sql'), 'utf8')).toContain('Secret plans')
    expect(await readFile(join(drafts, 'docsv4.sql'), 'utf8')).toContain('Unreleased feature')
    expect(existsSync(join(dist, 'drafts'))).toBe(false)
  })
})

describe('the preview API', () => {
  it('serves nothing when the server has no preview token', async () => {
    const res = await appWith({}).request('/api/_preview/drafts', { headers: { 'X-Preview-Token': TOKEN } })
    expect(res.status).toBe(404)
    expect((await res.json()).message).toBe(PREVIEW_NOT_CONFIGURED)
  })

  it('answers 401 to a missing or wrong token', async () => {
    const app = appWith({ FJORD_PREVIEW_TOKEN: TOKEN })
    for (const headers of [{}, { 'X-Preview-Token': 'guess' }, { cookie: 'previewToken=preview-secret-2' }, { 'X-Preview-Token': `${TOKEN}x` }] as Record<string, string>[]) {
      for (const path of ['/api/_preview/drafts', '/api/_preview/drafts/blog.sql']) {
        const res = await app.request(path, { headers })
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(401)
        expect((await res.json()).message).toBe(PREVIEW_INVALID)
      }
    }
  })

  it('lists the drafts and serves their dumps, never cached, to the token in the header or the previewToken cookie', async () => {
    const app = appWith({ FJORD_PREVIEW_TOKEN: TOKEN })
    for (const headers of [{ 'X-Preview-Token': TOKEN }, { cookie: `previewToken=${TOKEN}` }] as Record<string, string>[]) {
      const res = await app.request('/api/_preview/drafts', { headers })
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      const { collections } = draftsResponseSchema.parse(await res.json())
      expect(collections.blog?.paths).toEqual(['/blog/secret-plans'])
      expect(collections.docsv4?.paths).toEqual(['/docs/4.x/getting-started/unreleased'])
      const dump = await app.request(collections.blog?.dump ?? '', { headers })
      expect(dump.status).toBe(200)
      expect(dump.headers.get('cache-control')).toBe('private, no-store')
      expect(await dump.text()).toContain('Secret plans')
    }
    expect((await app.request('/api/_preview/drafts/modules.sql', { headers: { 'X-Preview-Token': TOKEN } })).status).toBe(404)
  })
})
