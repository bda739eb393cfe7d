import { resolve } from 'node:path'

import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let server: ViteDevServer
let base: string

beforeAll(async () => {
  server = await createServer({ configFile: resolve(import.meta.dirname, '../../vite.config.ts'), server: { port: 0, host: '127.0.0.1' }, logLevel: 'silent' })
  await server.listen()
  const address = server.httpServer?.address()
  if (!address || typeof address === 'string') throw new Error('the dev server has no TCP address')
  base = `http://127.0.0.1:${address.port}`
}, 120_000)
afterAll(() => server?.close())

describe('npm run dev', () => {
  it('serves the content manifest, payloads and the query endpoint', async () => {
    const manifest = await (await fetch(`${base}/__content/manifest.json`)).json()
    expect(Object.keys(manifest.collections)).toContain('docsv4')
    const payload = await fetch(`${base}/docs/4.x/getting-started/installation/_payload.json`)
    expect((await payload.json()).page.title).toBe('Installation')
    const ok = await fetch(`${base}/__content/blog/query`, { method: 'POST', body: JSON.stringify({ sql: 'SELECT COUNT(*) AS "count" FROM "_content_blog"' }) })
    expect(await ok.json()).toEqual([{ count: expect.any(Number) }])
    const refused = await fetch(`${base}/__content/blog/query`, { method: 'POST', body: JSON.stringify({ sql: 'PRAGMA table_info("_content_blog")' }) })
    expect(refused.status).toBe(400)
  })

  it('answers the product API as the production server does: stats, and a JSON 404; and the icon files the manifest names', async () => {
    const stats = await fetch(`${base}/api/stats`)
    expect(stats.headers.get('content-type')).toContain('application/json')
    expect(await stats.json()).toMatchObject({ version: expect.any(String), stars: expect.any(Number) })
    // The icons the app's sources draw (it has no bundle in development), from the dev build's file.
    const { icons: files } = (await (await fetch(`${base}/__content/manifest.json`)).json()) as { icons: Record<string, string> }
    const icons = await fetch(`${base}${files.lucide ?? '/_icons/none'}`)
    expect(((await icons.json()) as { icons: Record<string, unknown> }).icons).toHaveProperty('search')
    const unknown = await fetch(`${base}/api/no-such-endpoint`)
    expect([unknown.status, unknown.headers.get('content-type')]).toEqual([404, 'application/json'])
  })

  it('leaves app routes to Vite', async () => {
    const page = await fetch(`${base}/docs/4.x/getting-started/installation`)
    expect(await page.text()).toContain('/@vite/client')
  })
})
