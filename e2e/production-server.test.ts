import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../testing/free-port'
import { readOutbox } from '../testing/outbox'
import { deploymentFolder, type ProductionServer, startProductionServer } from '../testing/production-server'

let folder: string
let server: ProductionServer
let builtAt: number

beforeAll(async () => {
  folder = await deploymentFolder(await mkdtemp(join(tmpdir(), 'fjord-deploy-')))
  builtAt = (await stat(join(folder, 'dist', 'builds', 'latest.json'))).mtimeMs
  server = await startProductionServer(folder, { PORT: String(await freePort()), FJORD_SESSION_SECRET: 'a-test-secret-shared-by-nobody' })
})
afterAll(async () => {
  await server?.stop()
  if (folder) await rm(folder, { recursive: true, force: true })
})

describe('node dist-server/index.mjs in a folder of the build and production dependencies only', () => {
  it('has no TypeScript loader, bundler or source tree to lean on', async () => {
    const modules = await readdir(join(folder, 'node_modules'))
    expect(modules).toEqual(expect.arrayContaining(['hono', '@libsql', 'sql.js', 'zod']))
    for (const dev of ['tsx', 'vite', 'esbuild', 'vitest', 'typescript', '@resvg']) expect(modules).not.toContain(dev)
    expect((await readdir(folder)).sort()).toEqual(['.data', 'dist', 'dist-server', 'node_modules', 'package-lock.json', 'package.json'])
  })

  it('serves pages, the content dumps, icons and the query endpoint', async () => {
    const home = await fetch(`${server.url}/`)
    expect(home.status).toBe(200)
    expect(home.headers.get('content-type')).toMatch(/text\/html/)
    expect(home.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect((await fetch(`${server.url}/docs/4.x/getting-started/introduction`)).status).toBe(200)
    expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404)

    const dump = await fetch(`${server.url}/__content/docsv4/sql_dump.txt`)
    expect(dump.status).toBe(200)
    expect(await dump.text()).toMatch(/CREATE TABLE/)

    // The icon files the build wrote, by the names the content manifest gives them.
    const manifest: { icons?: Record<string, string> } = await (await fetch(`${server.url}/__content/manifest.json`)).json()
    const icons = await fetch(`${server.url}${manifest.icons?.lucide ?? '/_icons/missing'}`)
    expect(icons.status).toBe(200)
    expect(icons.headers.get('cache-control')).toContain('immutable')
    expect(JSON.stringify(await icons.json())).toContain('rocket')

    // Run on the built query worker (dist-server/worker.mjs).
    const query = await fetch(`${server.url}/__content/docsv4/query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sql: 'SELECT "title" FROM "_content_docsv4" LIMIT 2' }),
    })
    expect(query.status).toBe(200)
    expect(await query.json()).toEqual([{ title: expect.any(String) }, { title: expect.any(String) }])
  })

  it('answers MCP clients: the docs searched and read with the SDK client', async () => {
    const client = new Client({ name: 'e2e', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)))
    try {
      const found = await client.callTool({ name: 'search_docs', arguments: { query: 'installation', limit: 3 } })
      const { hits } = JSON.parse((found.content as { text: string }[])[0]?.text ?? '{}') as { hits: { path: string }[] }
      expect(hits[0]?.path).toMatch(/^\/docs\/4\.x\/getting-started\/installation/)
      const page = await client.callTool({ name: 'get_page', arguments: { path: '/docs/4.x/getting-started/installation', sections: ['Requirements'] } })
      expect((page.content as { text: string }[])[0]?.text).toContain('## Requirements')
    } finally {
      await client.close()
    }
  })

  it('takes a newsletter signup and writes its confirmation email', async () => {
    const answer = await fetch(`${server.url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ email: 'deployed@example.com' }),
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ pending: true })
    await expect.poll(async () => (await readOutbox(join(folder, '.data', 'outbox'))).filter((mail) => mail.includes('To: deployed@example.com'))).toHaveLength(1)
  })

  it('says at start, when it is not a local run, that sessions need FJORD_SESSION_SECRET to hold across servers', async () => {
    const port = await freePort()
    const unsigned = await startProductionServer(folder, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, FJORD_SESSION_SECRET: '' })
    try {
      await expect.poll(() => unsigned.output()).toMatch(/FJORD_SESSION_SECRET is not set: .* a second server on this database does not recognise them/)
    } finally {
      await unsigned.stop()
    }
    expect(server.output()).not.toMatch(/FJORD_SESSION_SECRET is not set/)
  })

  it('built nothing at start: the build in dist/ is untouched and no build cache was made', async () => {
    expect(server.output()).not.toMatch(/Building/)
    expect((await stat(join(folder, 'dist', 'builds', 'latest.json'))).mtimeMs).toBe(builtAt)
    expect(existsSync(join(folder, '.cache'))).toBe(false)
    expect(existsSync(join(folder, 'node_modules', '.cache'))).toBe(false)
  })
})
