import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { TOAST_REMOVE_DELAY, useToasts } from './store'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  useToasts.getState().clear()
  vi.useRealTimers()
})

describe('toasts', () => {
  it('keep the newest five', () => {
    for (let i = 1; i <= 7; i++) useToasts.getState().add({ title: `Toast ${i}` })
    expect(useToasts.getState().toasts.map((t) => t.title)).toEqual(['Toast 7', 'Toast 6', 'Toast 5', 'Toast 4', 'Toast 3'])
  })

  it('close on removal and disappear 200 ms later', () => {
    const id = useToasts.getState().add({ title: 'Subscription pending' })
    useToasts.getState().remove(id)
    expect(useToasts.getState().toasts).toMatchObject([{ id, open: false }])
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY)
    expect(useToasts.getState().toasts).toEqual([])
  })

  it('default to 5 seconds and a close button, and clear all at once', () => {
    useToasts.getState().add({ title: 'A' })
    useToasts.getState().add({ title: 'B', color: 'error' })
    expect(useToasts.getState().toasts[0]).toMatchObject({ title: 'B', duration: 5000, close: true, open: true, color: 'error' })
    useToasts.getState().clear()
    expect(useToasts.getState().toasts).toEqual([])
  })
})
