import { describe, expect, it } from 'vitest'

import { schemas } from './schemas'

describe('content schemas', () => {
  it("check an agency's email with the site's one address parser, keeping it as written", () => {
    const email = schemas.agencies.shape.email
    expect(email.parse('hello@Tidewater.example.com')).toBe('hello@Tidewater.example.com')
    expect(email.parse('studio@bücher.example')).toBe('studio@bücher.example')
    for (const [value, reason] of [
      ['hel\u200blo@example.com', 'invisible-character'],
      ['hello@example.com\u0000', 'control-character'],
      ['hello@exam-.com', 'label-hyphen'],
    ]) {
      const parsed = email.safeParse(value)
      expect(parsed.error?.issues[0]?.message).toBe(`must be an email address such as hello@example.com (${reason})`)
    }
  })
})
