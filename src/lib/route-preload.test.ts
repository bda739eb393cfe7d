import { afterEach, describe, expect, it } from 'vitest'

import { activePreloads, MAX_ROUTE_PRELOADS, preloadRoute, resetRoutePreloads } from './route-preload'

afterEach(resetRoutePreloads)

describe('route preloads', () => {
  it('run at most five at once, the rest in turn, each module once', async () => {
    const releases: (() => void)[] = []
    let calls = 0
    const loaders = Array.from({ length: 8 }, () => () => {
      calls++
      return new Promise<void>((resolve) => releases.push(resolve))
    })
    for (const load of loaders) preloadRoute(load)
    preloadRoute(loaders[0] ?? (() => Promise.resolve()))
    expect(MAX_ROUTE_PRELOADS).toBe(5)
    expect(activePreloads()).toBe(5)
    expect(calls).toBe(5)
    releases.shift()?.()
    releases.shift()?.()
    await new Promise((r) => setTimeout(r, 0))
    expect(calls).toBe(7)
    expect(activePreloads()).toBe(5)
    while (releases.length) {
      releases.shift()?.()
      await new Promise((r) => setTimeout(r, 0))
    }
    expect(calls).toBe(8)
    expect(activePreloads()).toBe(0)
  })
})
