// @vitest-environment jsdom
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { BUILD_POLL_INTERVAL, watchBuildUpdates } from './build-updates'

let latest = 'build-1'
const requests: string[] = []
const server = setupServer(
  http.get('*/builds/latest.json', ({ request }) => {
    requests.push(request.url)
    return HttpResponse.json({ id: latest, timestamp: 1 })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => vi.useRealTimers())
afterAll(() => server.close())

describe('build updates', () => {
  it('polls every hour and reports a new build once', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    const seen: string[] = []
    const stop = watchBuildUpdates('build-1', (id) => seen.push(id))
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL - 1)
    expect(requests).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    expect(seen).toEqual([])
    latest = 'build-2'
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL)
    await vi.waitFor(() => expect(seen).toEqual(['build-2']))
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL * 3)
    expect(seen).toEqual(['build-2'])
    expect(requests[0]).toMatch(/\/builds\/latest\.json\?t=\d+$/)
    stop()
  })
})
