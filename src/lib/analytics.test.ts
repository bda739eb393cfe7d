import { describe, expect, it, vi } from 'vitest'

import { skipReason, trackPageView } from './analytics'

const config = { endpoint: 'https://stats.example/api/event', domain: 'fjord.dev' }
const env = (href: string, ignored = false) => {
  const url = new URL(href)
  return { location: { hostname: url.hostname, protocol: url.protocol, href }, referrer: '', ignored, send: vi.fn() }
}

describe('page-view analytics', () => {
  it('sends a page view to the configured service', () => {
    const e = env('https://fjord.dev/docs/4.x/intro')
    expect(trackPageView(config, e)).toBe(true)
    expect(e.send).toHaveBeenCalledWith(config.endpoint, JSON.stringify({ name: 'pageview', url: 'https://fjord.dev/docs/4.x/intro', domain: 'fjord.dev', referrer: null }))
  })

  it('skips localhost, non-http protocols and browsers with the ignore flag', () => {
    expect(skipReason(env('http://localhost:3000/'))).toBe('localhost')
    expect(skipReason(env('http://127.0.0.1:3000/'))).toBe('localhost')
    expect(skipReason(env('file:///tmp/index.html'))).toBe('not http')
    expect(skipReason(env('https://fjord.dev/', true))).toBe('ignored')
    const e = env('http://localhost:3000/')
    expect(trackPageView(config, e)).toBe(false)
    expect(e.send).not.toHaveBeenCalled()
  })
})
