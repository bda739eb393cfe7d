import { describe, expect, it } from 'vitest'

import config from '../site.config'
import { DEFAULT_LIMITS } from './api'
import { startEnvironment } from './start'

describe('the environment a server starts with', () => {
  it('defaults to loopback, port 3000 and the API limits of DEFAULT_LIMITS', () => {
    const start = startEnvironment(config, {})
    expect(start).toMatchObject({ host: '127.0.0.1', port: 3000, api: { limits: DEFAULT_LIMITS, newsletter: { queue: {} } } })
    expect(start.settings.publicUrl.origin).toBe('http://127.0.0.1:3000')
  })

  it('takes rate limits as requests per seconds, and the mail lease and poll in seconds', () => {
    const start = startEnvironment(config, { FJORD_RATE_LIMIT_SUBSCRIBE: '5000/60', FJORD_RATE_LIMIT_MCP: '100000/1', FJORD_MAIL_LEASE_SECONDS: '2', FJORD_MAIL_POLL_SECONDS: '1' })
    expect(start.api.limits?.subscribe).toEqual({ limit: 5000, windowMs: 60_000 })
    expect(start.api.limits?.mcp).toEqual({ limit: 100_000, windowMs: 1000 })
    expect(start.api.limits?.confirm).toEqual(DEFAULT_LIMITS.confirm)
    expect(start.api.newsletter?.queue).toEqual({ leaseMs: 2000, pollMs: 1000 })
  })

  it('refuses a value it cannot read, naming the variable', () => {
    expect(() => startEnvironment(config, { PORT: 'eighty' })).toThrow(/PORT must be a port number/)
    expect(() => startEnvironment(config, { FJORD_RATE_LIMIT_SIGN_IN: '10 per minute' })).toThrow(/FJORD_RATE_LIMIT_SIGN_IN must be <requests>\/<seconds>/)
    expect(() => startEnvironment(config, { FJORD_RATE_LIMIT_CONFIRM: '10/0' })).toThrow(/at least 1 second/)
    expect(() => startEnvironment(config, { FJORD_MAIL_LEASE_SECONDS: '0' })).toThrow(/FJORD_MAIL_LEASE_SECONDS must be at least 1/)
  })
})
