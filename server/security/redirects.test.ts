import { describe, expect, it } from 'vitest'

import { OPEN_REDIRECT_FORMS } from './bypass-forms'
import { redirectablePath, staysOnOrigin } from './redirects'

describe('redirectablePath', () => {
  it('collapses repeated slashes into a path of this origin', () => {
    expect(redirectablePath('//evil.com/')).toBe('/evil.com/')
    expect(redirectablePath('/docs//4.x///guide')).toBe('/docs/4.x/guide')
    expect(redirectablePath('/docs/4.x/guide/')).toBe('/docs/4.x/guide/')
  })

  it('refuses backslashes, encoded slashes and control characters, raw or encoded', () => {
    for (const path of ['/\\evil.com', '/%5Cevil.com', '/%2f%2fevil.com', '/%2F/x', '/\t/x', '/%09/x', '/%0a/x', '/%00/x', '/%7f/x', 'evil.com', '']) {
      expect(redirectablePath(path), JSON.stringify(path)).toBeUndefined()
    }
  })

  it.each(OPEN_REDIRECT_FORMS)('never gives a path that leaves the origin: %s', (form) => {
    for (const path of [form, `${form}/`]) {
      const safe = redirectablePath(path)
      if (safe !== undefined) expect(staysOnOrigin(safe), safe).toBe(true)
    }
  })
})

describe('staysOnOrigin', () => {
  it('accepts site paths and refuses what a browser resolves elsewhere', () => {
    expect(staysOnOrigin('/docs/4.x')).toBe(true)
    expect(staysOnOrigin('/a?next=//evil.com')).toBe(true)
    for (const location of ['//evil.com', '/\\evil.com', 'https://evil.com', 'evil.com', '/\t/evil.com', 'javascript:alert(1)']) {
      expect(staysOnOrigin(location), location).toBe(false)
    }
  })
})
