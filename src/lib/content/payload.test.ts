import { describe, expect, it } from 'vitest'

import { payloadUrl, shouldPrefetch } from './payload'

describe('payloads', () => {
  it('live beside their route, versioned by build', () => {
    expect(payloadUrl('/', 'abc')).toBe('/_payload.json?v=abc')
    expect(payloadUrl('/docs/4.x/intro', 'abc')).toBe('/docs/4.x/intro/_payload.json?v=abc')
    expect(payloadUrl('/blog/', undefined)).toBe('/blog/_payload.json')
  })

  it('are prefetched unless the reader saves data or the connection is slow', () => {
    expect(shouldPrefetch(undefined)).toBe(true)
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true)
    expect(shouldPrefetch({ effectiveType: '3g' })).toBe(true)
    expect(shouldPrefetch({ saveData: true, effectiveType: '4g' })).toBe(false)
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false)
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false)
  })
})
