// @vitest-environment jsdom
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { keptFetch } from './kept-fetch'

const asked: string[] = []
const server = setupServer(
  http.get('*/kept.json', ({ request }) => {
    asked.push(new URL(request.url).pathname)
    return HttpResponse.json({ kept: true })
  }),
  http.get('*/elsewhere.json', ({ request }) => {
    asked.push(new URL(request.url).pathname)
    return HttpResponse.json({ kept: false })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  asked.length = 0
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})
afterAll(() => server.close())

/** A browser whose caches hold `/kept.json` only. */
const cachesHolding = (path: string) => vi.stubGlobal('caches', { match: async (url: string) => (new URL(url, location.href).pathname === path ? new Response('{}') : undefined) })

describe('a fetch that knows the browser is offline', () => {
  it('asks for every file online', async () => {
    cachesHolding('/kept.json')
    expect(await (await keptFetch('/elsewhere.json')).json()).toEqual({ kept: false })
    expect(asked).toEqual(['/elsewhere.json'])
  })

  it('offline, asks only for a file a cache holds, and fails like a lost connection for the rest', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    cachesHolding('/kept.json')
    expect(await (await keptFetch('/kept.json')).json()).toEqual({ kept: true })
    await expect(keptFetch('/elsewhere.json')).rejects.toThrow(new TypeError('Failed to fetch'))
    expect(asked).toEqual(['/kept.json'])
  })
})
