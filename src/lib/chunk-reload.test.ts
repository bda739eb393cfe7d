// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'

import { CHUNK_RELOAD_GUARD_MS, chunkLoader, reloadAfterChunkError } from './chunk-reload'

function fakeWindow(path: string) {
  return { location: { pathname: path, reload: vi.fn() } as unknown as Location, scrollX: 0, scrollY: 640, sessionStorage: window.sessionStorage }
}

describe('chunk-load failure', () => {
  it('reloads once per path within ten seconds', () => {
    sessionStorage.clear()
    const win = fakeWindow('/docs/4.x/intro')
    expect(reloadAfterChunkError(win, 1_000)).toBe(true)
    expect(reloadAfterChunkError(win, 5_000)).toBe(false)
    expect(win.location.reload).toHaveBeenCalledTimes(1)
    expect(reloadAfterChunkError(win, 1_000 + CHUNK_RELOAD_GUARD_MS)).toBe(true)
    expect(reloadAfterChunkError(fakeWindow('/blog'), 1_000 + CHUNK_RELOAD_GUARD_MS + 1)).toBe(true)
  })

  it('keeps the scroll position for after the reload', () => {
    sessionStorage.clear()
    reloadAfterChunkError(fakeWindow('/docs/4.x/intro'), 1_000)
    expect(JSON.parse(sessionStorage.getItem('fjord-chunk-reload') ?? '{}')).toMatchObject({ path: '/docs/4.x/intro', scrollY: 640 })
  })

  it('fetches a lazy chunk once for every caller, and again after a failure that is not a deploy', async () => {
    // A reload for this path moments ago: the failure below is a real error, not a deploy.
    reloadAfterChunkError(fakeWindow(window.location.pathname))
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('chunk')
    const chunk = chunkLoader(load)
    await expect(chunk()).rejects.toThrow('offline')
    expect(await Promise.all([chunk(), chunk()])).toEqual(['chunk', 'chunk'])
    expect(load).toHaveBeenCalledTimes(2)
  })
})
