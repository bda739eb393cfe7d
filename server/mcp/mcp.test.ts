import type { Server } from 'node:http'
import { join } from 'node:path'

import { serve } from '@hono/node-server'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildFixture, createFixture, type Fixture, md } from '../../testing/fixture-site'
import { createApp } from '../app'
import { liveSite } from '../live-site'
import { loadSite } from '../site'
import { MAX_ANSWER_CHARS } from './markdown-parts'
import { MAX_MCP_BODY } from './routes'

const PUBLIC = 'https://docs.example.test'
let fixture: Fixture
let dist: string
let server: Server
let origin: string
let client: Client
let refresh: () => Promise<boolean>

/** About `chars` characters of words ending in their number (`seed0 seed1 …`). */
const filler = (chars: number, seed: string) => {
  const words: string[] = []
  for (let length = 0, i = 0; length < chars; i++) length += words.push(`${seed}${i}`) && `${seed}${i} `.length
  return words.join(' ')
}
/** A page longer than one answer: a short section, one whose three subsections are each half an answer, and one of half an answer. */
const longBody = [
  'The error reference lists every code the framework raises.',
  '## Overview',
  'Codes are grouped by the layer that raises them.',
  '## Build errors',
  ...[1, 2, 3].map((n) => `### Code B${n}\n\n${filler(MAX_ANSWER_CHARS / 2 - 300, `build${n}x`)}`),
  '## Runtime errors',
  filler(MAX_ANSWER_CHARS / 2, 'runtime'),
  '```md\n## Not a heading: inside a code block\n```',
].join('\n\n')

async function connect(url: string): Promise<Client> {
  const next = new Client({ name: 'mcp-test', version: '1.0.0' })
  await next.connect(new StreamableHTTPClientTransport(new URL(url)))
  return next
}

/** A tool's answer: its text and whether it is an error. */
async function call(name: string, args: Record<string, unknown> = {}, by: Client = client): Promise<{ text: string; isError: boolean }> {
  const result = await by.callTool({ name, arguments: args })
  const [first] = result.content as { type: string; text: string }[]
  return { text: first?.text ?? '', isError: result.isError === true }
}
const callJson = async (name: string, args: Record<string, unknown> = {}) => {
  const { text, isError } = await call(name, args)
  expect(isError, text).toBe(false)
  return JSON.parse(text) as Record<string, unknown>
}

function listen(app: { fetch: Hono['fetch'] }): Promise<{ server: Server; origin: string }> {
  return new Promise((done) => {
    const listening = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => done({ server: listening as Server, origin: `http://127.0.0.1:${info.port}` }))
  })
}

const post = (title: string, draft: boolean, date: string) =>
  md({ title, description: `${title}, in short.`, date, category: 'Release', image: '/a.svg', authors: [{ name: 'Ada Lind' }], draft, tags: ['release'] }, `The text of ${title}.`)

beforeAll(async () => {
  fixture = await createFixture({
    'public/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'content/docs/4.x/1.getting-started/1.introduction.md': md(
      { title: 'Introduction', description: 'What the framework is.' },
      'A framework for full-stack apps.\n\n## Why\n\nOne codebase renders, fetches and deploys.',
    ),
    'content/docs/4.x/1.getting-started/2.installation.md': md(
      { title: 'Installation', description: 'Create a project and start the dev server.' },
      '## Requirements\n\nNode.js 20 or newer.\n\n## Create a project\n\nRun the initialiser.\n\n### Options\n\nPass `--template` to pick a starter.\n\n## Caching server routes\n\nRoute rules cache rendered responses with stale-while-revalidate.',
    ),
    'content/docs/4.x/1.getting-started/3.unreleased.md': md({ title: 'Unreleased teleporter', draft: true }, 'Not yet.'),
    'content/docs/4.x/2.reference/1.errors.md': md({ title: 'Error reference', description: 'Every error code.' }, longBody),
    'content/docs/3.x/1.getting-started/1.installation.md': md({ title: 'Installation', description: 'Install version 3.' }, '## Requirements\n\nNode.js 18 or newer.'),
    'content/blog/fjord-4.md': post('Announcing version 4', false, '2026-07-16'),
    'content/blog/fjord-4-1.md': post('Version 4.1', false, '2026-10-20'),
    'content/blog/secret-roadmap.md': post('Secret roadmap', true, '2026-11-01'),
    'content/deploy/docker.md': md(
      { title: 'Docker', description: 'Run it in a container.', category: 'Container', featured: true, nitroPreset: 'node-server', website: 'https://docs.docker.com' },
      '## A Dockerfile\n\nUse two stages.',
    ),
    'content/deploy/pagewell.md': md(
      { title: 'Pagewell', description: 'Static hosting.', category: 'Static', nitroPreset: 'static', website: 'https://pagewell.example.com' },
      'Publish the prerendered site.',
    ),
    ...Object.fromEntries(
      [
        ['auth-utils', 'Security', 'official', 900, 'Sessions and OAuth providers.'],
        ['image', 'Images', 'official', 500, 'Responsive images.'],
        ['ab-switch', 'Analytics', 'other', 100, 'A/B tests with sticky variants.'],
      ].map(([name, category, type, downloads, description]) => [
        `content/modules/${String(name)}.yml`,
        [
          `name: ${String(name)}`,
          `npm: "@demo/${String(name)}"`,
          `description: "${String(description)}"`,
          'icon: a.svg',
          `category: ${String(category)}`,
          `type: ${String(type)}`,
          `repo: demo/${String(name)}`,
          'stats:',
          `  downloads: ${String(downloads)}`,
          '  stars: 10',
          "  publishedAt: '2026-04-22T10:52:01Z'",
          "  createdAt: '2021-05-17T07:46:47Z'",
          ...(name === 'auth-utils'
            ? ['maintainers:', '  - name: Ada Lind', '    github: adalind', 'readme: |', '  Sealed cookie sessions.', '', '  ## Setup', '', '  Add it to your modules.']
            : []),
        ].join('\n'),
      ]),
    ),
  })
  dist = join(fixture.root, 'dist')
  await buildFixture(fixture, dist, { brokenLinks: 'warn' })
  const live = await liveSite(dist, (site) => createApp({ site, config: fixture.config, settings: { publicUrl: new URL(PUBLIC) } }), { checkEveryMs: 0, log: () => {} })
  refresh = live.refresh
  ;({ server, origin } = await listen(live))
  client = await connect(`${origin}/mcp`)
})
afterAll(async () => {
  await client?.close()
  if (server) await new Promise<void>((done) => server.close(() => done()))
  await fixture.cleanup()
})

describe('the MCP endpoint', () => {
  it('lists its tools, each read-only, described, with an input schema', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['get_blog_post', 'get_deploy_provider', 'get_module', 'get_page', 'list_blog_posts', 'list_deploy_providers', 'list_modules', 'list_pages', 'search_docs'].sort(),
    )
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true)
      expect(tool.annotations?.destructiveHint, tool.name).toBe(false)
      expect(tool.description?.length, tool.name).toBeGreaterThan(40)
      expect(tool.inputSchema.type, tool.name).toBe('object')
    }
    const search = tools.find((t) => t.name === 'search_docs')
    expect(Object.keys(search?.inputSchema.properties ?? {})).toEqual(['query', 'version', 'locale', 'limit'])
    expect(search?.inputSchema.required).toEqual(['query'])
  })

  it('searches the docs as the palette ranks them: the section that matches, its headings, its URL and an excerpt', async () => {
    const found = await callJson('search_docs', { query: 'cache route', limit: 3 })
    const hits = found.hits as { title: string; headings: string[]; path: string; url: string; excerpt: string }[]
    expect(hits[0]).toEqual({
      title: 'Caching server routes',
      headings: ['Installation', 'Caching server routes'],
      path: '/docs/4.x/getting-started/installation#caching-server-routes',
      url: `${PUBLIC}/docs/4.x/getting-started/installation#caching-server-routes`,
      excerpt: expect.stringContaining('Route rules cache rendered responses'),
    })
    expect(hits.length).toBeLessThanOrEqual(3)
    // A prefix and a typo, as the palette forgives them.
    expect(((await callJson('search_docs', { query: 'instalation' })).hits as { path: string }[])[0]?.path).toBe('/docs/4.x/getting-started/installation')
    // Another version, by its name.
    expect(((await callJson('search_docs', { query: 'Node.js 18', version: 'v3' })).hits as { path: string }[])[0]?.path).toMatch(/^\/docs\/3\.x\/getting-started\/installation/)
  })

  it('says what is wrong with an argument, and which', async () => {
    const tooMany = await call('search_docs', { query: 'cache', limit: 50 })
    expect(tooMany.isError).toBe(true)
    expect(tooMany.text).toMatch(/limit/)
    const empty = await call('search_docs', { query: '  ' })
    expect(empty).toEqual({ isError: true, text: expect.stringMatching(/query/) })
    expect(await call('search_docs', { query: 'cache', version: '9.x' })).toEqual({ isError: true, text: 'version: no docs version "9.x"; the versions are "4.x", "3.x"' })
    expect(await call('list_modules', { category: 'Gardening' })).toEqual({ isError: true, text: expect.stringMatching(/category/) })
  })

  it('returns a page as /raw serves it, with its facts and its neighbours in reading order', async () => {
    const { text, isError } = await call('get_page', { path: '/docs/4.x/getting-started/installation' })
    expect(isError).toBe(false)
    const raw = await fetch(`${origin}/raw/docs/4.x/getting-started/installation.md`).then((r) => r.text())
    expect(text.endsWith(raw)).toBe(true)
    const header = text.slice(0, text.length - raw.length)
    expect(header).toContain('title: Installation\n')
    expect(header).toContain('version: 4.x (4.0.1)\n')
    expect(header).toContain(`url: ${PUBLIC}/docs/4.x/getting-started/installation\n`)
    expect(header).toContain('previous: Introduction (/docs/4.x/getting-started/introduction)\n')
    expect(header).toContain('next: Error reference (/docs/4.x/reference/errors)\n')
    expect(header).toContain('returned: the whole page\n')
    // The same page by its URL, its Markdown link, or within a version.
    for (const path of [`${PUBLIC}/docs/4.x/getting-started/installation#requirements`, '/raw/docs/4.x/getting-started/installation.md', 'getting-started/installation/']) {
      expect((await call('get_page', { path })).text, path).toBe(text)
    }
    expect((await call('get_page', { path: 'getting-started/installation', version: '3.x' })).text).toContain('Node.js 18 or newer.')
  })

  it('returns only the sections asked for, and names the ones a page has when one is not there', async () => {
    const { text } = await call('get_page', { path: '/docs/4.x/getting-started/installation', sections: ['create a project › options', 'Requirements'] })
    expect(text).toContain('returned: Requirements; Create a project › Options\n')
    const body = text.split('\n---\n\n')[1]
    expect(body).toBe('## Requirements\n\nNode.js 20 or newer.\n\n### Options\n\nPass `--template` to pick a starter.')
    expect(await call('get_page', { path: '/docs/4.x/getting-started/installation', sections: ['Uninstall'] })).toEqual({
      isError: true,
      text: 'sections: no section "Uninstall" on this page; its sections are: "Requirements", "Create a project", "Caching server routes"',
    })
  })

  it('returns a page longer than one answer in named parts, never cut silently', async () => {
    const whole = await call('get_page', { path: '/docs/4.x/reference/errors' })
    expect(whole.text.length).toBeLessThan(MAX_ANSWER_CHARS + 2000)
    expect(whole.text).toContain('The error reference lists every code')
    expect(whole.text).toContain('Ask again with `sections`')
    expect(whole.text).toContain('sections: Overview; Build errors; Runtime errors\n')
    expect(whole.text).not.toContain('Not a heading')
    // A section too long on its own: its subsections, by name.
    const build = await call('get_page', { path: '/docs/4.x/reference/errors', sections: ['Build errors'] })
    expect(build.text).toContain('- Build errors › Code B2 (')
    const parts = await call('get_page', {
      path: '/docs/4.x/reference/errors',
      sections: ['Build errors › Code B1', 'Build errors › Code B2', 'Build errors › Code B3', 'Runtime errors'],
    })
    expect(parts.text).toContain('returned: Build errors › Code B1; Build errors › Code B2\n')
    expect(parts.text).toContain('not returned (ask for them in another call): Build errors › Code B3; Runtime errors\n')
    expect(parts.text).toContain('build2x10 ')
    expect(parts.text).not.toContain('build3x10 ')
    const runtime = await call('get_page', { path: '/docs/4.x/reference/errors', sections: ['Runtime errors'] })
    expect(runtime.text).toContain('## Not a heading: inside a code block')
  })

  it('points to the nearest page when a path has none', async () => {
    expect(await call('get_page', { path: '/docs/4.x/getting-started/instalation' })).toEqual({
      isError: true,
      text: 'path: no docs page at /docs/4.x/getting-started/instalation; did you mean /docs/4.x/getting-started/installation?',
    })
    expect(await call('get_page', { path: '/docs/3.x/getting-started/installation', version: '4.x' })).toEqual({ isError: true, text: expect.stringMatching(/^version: /) })
  })

  it("lists a version's pages in sidebar order, or one section's", async () => {
    const all = await callJson('list_pages', {})
    expect((all.pages as { path: string }[]).map((p) => p.path)).toEqual([
      '/docs/4.x/getting-started/introduction',
      '/docs/4.x/getting-started/installation',
      '/docs/4.x/reference/errors',
    ])
    expect((all.pages as unknown[])[0]).toEqual({
      title: 'Introduction',
      path: '/docs/4.x/getting-started/introduction',
      url: `${PUBLIC}/docs/4.x/getting-started/introduction`,
      description: 'What the framework is.',
      section: 'Getting Started',
    })
    expect(((await callJson('list_pages', { section: 'reference' })).pages as { path: string }[]).map((p) => p.path)).toEqual(['/docs/4.x/reference/errors'])
    expect(await call('list_pages', { section: 'Plugins' })).toEqual({
      isError: true,
      text: 'section: no sidebar section "Plugins" in /docs/4.x; the sections are "Getting Started", "Reference"',
    })
  })

  it('lists modules as /modules filters them, and reads one with its README', async () => {
    expect(((await callJson('list_modules', {})).modules as { name: string }[]).map((m) => m.name)).toEqual(['auth-utils', 'image', 'ab-switch'])
    expect(((await callJson('list_modules', { sortBy: 'downloads', orderBy: 'asc' })).modules as { name: string }[]).map((m) => m.name)).toEqual([
      'ab-switch',
      'image',
      'auth-utils',
    ])
    expect(((await callJson('list_modules', { category: 'Official' })).modules as { name: string }[]).map((m) => m.name)).toEqual(['auth-utils', 'image'])
    const sticky = await callJson('list_modules', { q: 'STICKY' })
    expect(sticky).toEqual({ total: 1, modules: [expect.objectContaining({ name: 'ab-switch', npm: '@demo/ab-switch', url: `${PUBLIC}/modules/ab-switch` })] })
    expect(await callJson('list_modules', { q: 'teleporter' })).toEqual({ total: 0, modules: [], note: expect.any(String) })
    const { text } = await call('get_module', { name: 'auth-utils' })
    expect(text).toContain('maintainers: Ada Lind (@adalind)\n')
    expect(text).toContain('# auth-utils\n\n> Sessions and OAuth providers.\n\nSealed cookie sessions.\n\n## Setup')
    expect(await call('get_module', { name: 'auth' })).toEqual({ isError: true, text: 'name: no module "auth"; did you mean "auth-utils"?' })
  })

  it('lists and reads blog posts and deploy guides; a draft never leaves', async () => {
    const { posts, total } = (await callJson('list_blog_posts', {})) as { posts: { path: string; authors: string[] }[]; total: number }
    expect(posts.map((p) => p.path)).toEqual(['/blog/fjord-4-1', '/blog/fjord-4'])
    expect(total).toBe(2)
    expect(posts[0]?.authors).toEqual(['Ada Lind'])
    expect((await call('get_blog_post', { path: 'fjord-4' })).text).toContain('# Announcing version 4\n\n> Announcing version 4, in short.\n\nThe text of Announcing version 4.')
    expect(await call('get_blog_post', { path: '/blog/secret-roadmap' })).toEqual({ isError: true, text: 'path: no blog post at /blog/secret-roadmap; list_blog_posts lists them' })
    expect(await call('get_page', { path: '/docs/4.x/getting-started/unreleased' })).toMatchObject({ isError: true })
    expect(JSON.stringify(await callJson('search_docs', { query: 'teleporter' }))).not.toContain('unreleased')

    const { providers } = (await callJson('list_deploy_providers', {})) as { providers: { title: string; preset: string }[] }
    expect(providers.map((p) => [p.title, p.preset])).toEqual([
      ['Docker', 'node-server'],
      ['Pagewell', 'static'],
    ])
    expect(((await callJson('list_deploy_providers', { category: 'Static' })).providers as unknown[]).length).toBe(1)
    expect((await call('get_deploy_provider', { path: `${PUBLIC}/deploy/docker` })).text).toContain('# Docker\n\n> Run it in a container.\n\n## A Dockerfile')
    // Every page-like answer is bounded the same way, its sections asked for by name.
    const part = await call('get_deploy_provider', { path: 'docker', sections: ['a dockerfile'] })
    expect(part.text).toContain('returned: A Dockerfile\n')
    expect(part.text.endsWith('## A Dockerfile\n\nUse two stages.')).toBe(true)
  })

  it('offers every docs page as a resource, drafts left out', async () => {
    const { resources } = await client.listResources()
    expect(resources.map((r) => r.uri).sort()).toEqual(
      [
        'fjord://docs/3.x/getting-started/installation',
        'fjord://docs/4.x/getting-started/installation',
        'fjord://docs/4.x/getting-started/introduction',
        'fjord://docs/4.x/reference/errors',
      ].sort(),
    )
    const read = await client.readResource({ uri: 'fjord://docs/4.x/getting-started/introduction' })
    expect(read.contents).toEqual([
      { uri: 'fjord://docs/4.x/getting-started/introduction', mimeType: 'text/markdown', text: expect.stringMatching(/^# Introduction\n\n> What the framework is\./) },
    ])
    await expect(client.readResource({ uri: 'fjord://docs/4.x/getting-started/unreleased' })).rejects.toThrow(/no docs page/)
  })

  it('has prompts to find the docs for a topic and to migrate from the previous major version', async () => {
    const { prompts } = await client.listPrompts()
    expect(prompts.map((p) => p.name)).toEqual(['find_docs', 'migration_help'])
    const find = await client.getPrompt({ name: 'find_docs', arguments: { topic: 'caching server routes' } })
    expect(JSON.stringify(find.messages)).toMatch(/caching server routes.*search_docs.*get_page/)
    const migrate = await client.getPrompt({ name: 'migration_help', arguments: { topic: 'middleware' } })
    expect(JSON.stringify(migrate.messages)).toMatch(/from 3\.x to 4\.x.*middleware/)
  })

  it('answers from a new build as soon as it is complete', async () => {
    await fixture.write({ 'content/docs/4.x/2.reference/2.glossary.md': md({ title: 'Glossary', description: 'Words.' }, 'A hydration is …') })
    await buildFixture(fixture, dist, { brokenLinks: 'warn' })
    expect(await refresh()).toBe(true)
    expect((await call('get_page', { path: '/docs/4.x/reference/glossary' })).text).toContain('# Glossary')
    expect((await call('get_page', { path: '/docs/4.x/reference/errors' })).text).toContain('next: Glossary (/docs/4.x/reference/glossary)')
  })
})

describe("the MCP endpoint keeps the API's rules", () => {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers } })
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  })

  it('refuses a web page of another site, and answers its own and clients that name no Origin', async () => {
    const foreign = await post('/mcp', initialize, { Origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringMatching(/evil\.example/) } })
    expect((await post('/mcp', initialize, { Origin: PUBLIC })).status).toBe(200)
    expect((await post('/mcp', initialize)).status).toBe(200)
  })

  it('caps the body, takes only POST, and counts calls per address', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_docs', arguments: { query: 'x'.repeat(MAX_MCP_BODY) } } })
    expect((await post('/mcp', big)).status).toBe(413)
    const get = await fetch(`${origin}/mcp`, { headers: { Accept: 'text/event-stream' } })
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')

    const site = await loadSite(dist)
    // Counters of its own (the others are shared by every server on the same database).
    const dataDir = join(fixture.root, 'limited-data')
    const limited = await listen(
      createApp({ site, config: fixture.config, settings: { publicUrl: new URL(PUBLIC) }, api: { dataDir, limits: { mcp: { limit: 3, windowMs: 60_000 } } } }),
    )
    try {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await fetch(`${limited.origin}/mcp`, {
              method: 'POST',
              body: initialize,
              headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
            })
          ).status,
        )
      expect(statuses).toEqual([200, 200, 200, 429])
    } finally {
      await new Promise<void>((done) => limited.server.close(() => done()))
    }
  })
})
