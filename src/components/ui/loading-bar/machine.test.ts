import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { LoadingBar, type LoadingState } from './machine'

let states: LoadingState[]
let bar: LoadingBar
beforeEach(() => {
  vi.useFakeTimers()
  states = []
  bar = new LoadingBar((s) => states.push(s))
})
afterEach(() => vi.useRealTimers())

describe('loading bar', () => {
  it('never shows for a page change shorter than the 200 ms throttle', () => {
    bar.start()
    vi.advanceTimersByTime(150)
    bar.finish()
    vi.advanceTimersByTime(2000)
    expect(states.some((s) => s.visible)).toBe(false)
  })

  it('shows after 200 ms, fills on finish, hides 500 ms later and resets 400 ms after that', () => {
    bar.start()
    vi.advanceTimersByTime(199)
    expect(bar.current.visible).toBe(false)
    vi.advanceTimersByTime(1)
    expect(bar.current).toMatchObject({ phase: 'loading', visible: true })
    vi.advanceTimersByTime(1000)
    expect(bar.current.progress).toBeGreaterThan(20)
    expect(bar.current.progress).toBeLessThan(100)
    bar.finish()
    expect(bar.current).toEqual({ phase: 'finishing', progress: 100, visible: true })
    vi.advanceTimersByTime(500)
    expect(bar.current).toMatchObject({ phase: 'finishing', visible: false })
    vi.advanceTimersByTime(400)
    expect(bar.current).toEqual({ phase: 'idle', progress: 0, visible: false })
  })

  it('turns to the error state on a page error', () => {
    bar.start()
    vi.advanceTimersByTime(300)
    bar.error()
    expect(bar.current).toEqual({ phase: 'error', progress: 100, visible: true })
  })
})
