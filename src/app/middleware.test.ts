import { describe, expect, it } from 'vitest'

import { runMiddleware } from './middleware'

describe('route middleware', () => {
  it('sends guests away from auth routes and users away from guest routes', () => {
    expect(runMiddleware(['auth'], {})?.headers.get('location')).toBe('/admin/login')
    expect(runMiddleware(['auth'], { user: { name: 'A' } })).toBeUndefined()
    expect(runMiddleware(['guest'], { user: { name: 'A' } })?.headers.get('location')).toBe('/admin')
    expect(runMiddleware(['guest'], {})).toBeUndefined()
  })

  it('throws on an unknown middleware name', () => {
    expect(() => runMiddleware(['admin-only'], {})).toThrow('Unknown route middleware')
  })
})
