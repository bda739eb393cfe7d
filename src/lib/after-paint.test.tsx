// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { useAfterPaint } from './after-paint'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useAfterPaint', () => {
  it('returns the previous value until a frame has painted, then the new one', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] })
    const { result, rerender } = renderHook(({ value }) => useAfterPaint(value), { initialProps: { value: 'a' } })
    expect(result.current).toBe('a')
    rerender({ value: 'b' })
    expect(result.current).toBe('a')
    // The frame's animation callback, then the timer it sets (after the paint).
    act(() => vi.advanceTimersToNextFrame())
    expect(result.current).toBe('a')
    act(() => vi.runOnlyPendingTimers())
    expect(result.current).toBe('b')
  })

  it('follows only the latest of several quick changes', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] })
    const { result, rerender } = renderHook(({ value }) => useAfterPaint(value), { initialProps: { value: 1 } })
    rerender({ value: 2 })
    rerender({ value: 3 })
    act(() => vi.advanceTimersToNextFrame())
    act(() => vi.runOnlyPendingTimers())
    expect(result.current).toBe(3)
  })
})
