// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { createQuery } from '@/contract/content/query-builder'
import { serveContentFixture } from '@/mocks/content'

import { ContentClient, NEEDS_WEBASSEMBLY, type WorkerLike } from './client'
import { resetManifest } from './manifest'

serveContentFixture({ beforeAll, afterAll })
afterEach(() => resetManifest())

/** A stand-in for a Worker whose script fails to start (no WebAssembly, blocked script). */
class FailingWorker implements WorkerLike {
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  postMessage() {
    queueMicrotask(() => this.onerror?.(new ErrorEvent('error', { message: 'WebAssembly is not available' })))
  }
  terminate() {}
}

/** A stand-in for the database worker that loads a dump when the test says so. */
class SlowWorker implements WorkerLike {
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  readonly loads: (() => void)[] = []
  postMessage(request: { id: number; type: string }) {
    if (request.type === 'load') this.loads.push(() => this.onmessage?.(new MessageEvent('message', { data: { id: request.id, type: 'loaded', loadMs: 1, fetchMs: 0, execMs: 1 } })))
  }
  terminate() {}
}

describe('content client', () => {
  it('says when a collection is ready without starting its load', async () => {
    const worker = new SlowWorker()
    const client = new ContentClient(() => worker)
    let ready = false
    void client.whenReady('docsv4').then(() => (ready = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(worker.loads).toHaveLength(0)
    expect(ready).toBe(false)
    const warming = client.warm('docsv4')
    await vi.waitFor(() => expect(worker.loads).toHaveLength(1))
    expect(ready).toBe(false)
    worker.loads[0]?.()
    expect(await warming).toBe(true)
    await vi.waitFor(() => expect(ready).toBe(true))
    await expect(client.whenReady('docsv4')).resolves.toBeUndefined()
  })


  it('answers through the query endpoint when the database worker cannot start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const client = new ContentClient(() => new FailingWorker())
    expect(client.mode).toBe('worker')
    const sql = createQuery('docsv4').select('title').where('path', '=', '/docs/4.x/getting-started/setup').toSQL()
    expect(await client.query('docsv4', sql)).toEqual([{ title: 'Setup' }])
    expect(client.mode).toBe('endpoint')
    expect(client.isReady('docsv4')).toBe(true)
    warn.mockRestore()
  })

  it('decodes JSON and boolean columns the same way on the endpoint', async () => {
    const client = new ContentClient(undefined)
    const [page] = await client.query<{ navigation: unknown; body: { type: string } }>('docsv4', createQuery('docsv4').select('navigation', 'body').limit(1).toSQL())
    expect(page?.navigation).toBe(true)
    expect(page?.body.type).toBe('markdown')
  })

  it('tells the reader what the browser lacks on a static site, which has no endpoint to fall back on, and asks nothing of a server', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const fetch = vi.spyOn(globalThis, 'fetch')
    const sql = createQuery('docsv4').select('title').limit(1).toSQL()
    for (const client of [new ContentClient(undefined, { endpoint: false }), new ContentClient(() => new FailingWorker(), { endpoint: false })]) {
      await expect(client.query('docsv4', sql)).rejects.toThrow(NEEDS_WEBASSEMBLY)
    }
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([])
    fetch.mockRestore()
    warn.mockRestore()
  })

  it('says what went wrong when the endpoint refuses a query', async () => {
    const client = new ContentClient(undefined)
    await expect(client.query('docsv4', 'SELECT * FROM sqlite_master')).rejects.toThrow('content query on "docsv4" failed: refused: ')
  })
})
