import { describe, expect, it } from 'vitest'

import { RateLimiter, retryMessage } from './rate-limit'

describe('RateLimiter', () => {
  it('lets a client make its quota in a window, then says how long to wait', () => {
    let now = 0
    const limiter = new RateLimiter({ limit: 2, windowMs: 60_000 }, () => now)
    expect(limiter.hit('a')).toBeUndefined()
    expect(limiter.hit('a')).toBeUndefined()
    now = 15_000
    expect(limiter.hit('a')).toBe(45)
    // Another client has its own quota.
    expect(limiter.hit('b')).toBeUndefined()
    // A new window starts afresh.
    now = 60_000
    expect(limiter.hit('a')).toBeUndefined()
  })

  it('keeps at most its capacity of clients, dropping expired then oldest windows', () => {
    let now = 0
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000 }, () => now, 100)
    for (let i = 0; i < 1000; i++) {
      now = i
      limiter.hit(`client-${i}`)
    }
    expect(limiter.size).toBeLessThanOrEqual(100)
    // The most recent client is still limited.
    expect(limiter.hit('client-999')).toBe(1)
  })

  it('words the wait in seconds or minutes', () => {
    expect(retryMessage('signups', 1)).toBe('Too many signups. Please try again in 1 second.')
    expect(retryMessage('signups', 30)).toBe('Too many signups. Please try again in 30 seconds.')
    expect(retryMessage('signups', 61)).toBe('Too many signups. Please try again in 2 minutes.')
  })
})
