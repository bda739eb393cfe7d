import { describe, expect, it } from 'vitest'

import { adminRedirectTarget } from '../features/admin'
import { runMiddleware } from './middleware'

describe('route middleware', () => {
  it('sends guests away from auth routes and users away from guest routes', () => {
    expect(runMiddleware(['auth'], {})?.headers.get('location')).toBe('/admin/login')
    expect(runMiddleware(['auth'], { user: { name: 'A' } })).toBeUndefined()
    expect(runMiddleware(['guest'], { user: { name: 'A' } })?.headers.get('location')).toBe('/admin')
    expect(runMiddleware(['guest'], {})).toBeUndefined()
  })

  it('brings a guest back to the admin page they asked for once signed in', () => {
    const asked = new URL('http://127.0.0.1/admin/subscribers?status=pending')
    const toLogin = runMiddleware(['auth'], {}, asked)?.headers.get('location') ?? ''
    expect(toLogin).toBe('/admin/login?redirect=%2Fadmin%2Fsubscribers%3Fstatus%3Dpending')
    const back = runMiddleware(['guest'], { user: { name: 'A' } }, new URL(toLogin, 'http://127.0.0.1'))
    expect(back?.headers.get('location')).toBe('/admin/subscribers?status=pending')
    expect(runMiddleware(['auth'], {}, new URL('http://127.0.0.1/admin'))?.headers.get('location')).toBe('/admin/login')
  })

  it('goes back only to admin pages of this site', () => {
    for (const target of ['https://evil.example/admin', '//evil.example/admin', '/\\evil.example', '/docs/4.x', '/admin/login', '/administrator', 'admin']) {
      expect(adminRedirectTarget(target), target).toBeUndefined()
    }
    expect(adminRedirectTarget('/admin/modules')).toBe('/admin/modules')
  })

  it('throws on an unknown middleware name', () => {
    expect(() => runMiddleware(['admin-only'], {})).toThrow('Unknown route middleware')
  })
})
