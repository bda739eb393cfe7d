import { describe, expect, it } from 'vitest'

import { describeAddressProblem, type EmailAddressProblem, parseEmailAddress, visibleAddress } from './email-address'

const long = (n: number, character = 'a') => character.repeat(n)
/** A domain of `labels` labels of 63 characters, ending in `.example`. */
const longDomain = (labels: number) => `${Array.from({ length: labels }, () => long(63, 'd')).join('.')}.example`

const valid: [input: string, normalised: string][] = [
  ['reader@example.com', 'reader@example.com'],
  ['Jane.Doe@Example.COM', 'Jane.Doe@example.com'],
  ['victim@TARGET.example', 'victim@target.example'],
  ['  spaced@example.com\t\n', 'spaced@example.com'],
  ['user+news@example.com', 'user+news@example.com'],
  ['first.middle.last@sub.domain.example.org', 'first.middle.last@sub.domain.example.org'],
  ["o'brien@example.ie", "o'brien@example.ie"],
  ["!#$%&'*+-/=?^_`{|}~@example.com", "!#$%&'*+-/=?^_`{|}~@example.com"],
  ['=cmd|calc@evil.example', '=cmd|calc@evil.example'],
  ['x@a-b.c-d.example', 'x@a-b.c-d.example'],
  ['x@123.example', 'x@123.example'],
  ['x@example.xn--p1ai', 'x@example.xn--p1ai'],
  ['user@bücher.example', 'user@xn--bcher-kva.example'],
  ['user@BÜCHER.Example', 'user@xn--bcher-kva.example'],
  ['user@xn--bcher-kva.example', 'user@xn--bcher-kva.example'],
  ['user@münchen.DE', 'user@xn--mnchen-3ya.de'],
  ['user@例え.テスト', 'user@xn--r8jz45g.xn--zckzah'],
  ['user@straße.de', 'user@xn--strae-oqa.de'],
  // UTS-46 maps full-width letters and the ideographic full stop to their ASCII forms.
  ['user@ｅｘａｍｐｌｅ.com', 'user@example.com'],
  ['user@example。com', 'user@example.com'],
  [`${long(64)}@example.com`, `${long(64)}@example.com`],
  [`a@${long(63)}.example`, `a@${long(63)}.example`],
  // 254 characters in all: the longest address there is.
  [`${long(64)}@${long(63, 'b')}.${long(63, 'c')}.${long(58, 'd')}.ex`, `${long(64)}@${long(63, 'b')}.${long(63, 'c')}.${long(58, 'd')}.ex`],
]

const invalid: [input: string, reason: EmailAddressProblem][] = [
  ['', 'empty'],
  ['   ', 'empty'],
  ['not-an-email', 'missing-at'],
  ['a\u0000b@x.io', 'control-character'],
  ['victim@target.example\u0000.n1', 'control-character'],
  ['a\u007fb@x.io', 'control-character'],
  ['a\u0085b@x.io', 'control-character'],
  ['a\u0009b@x.io', 'control-character'],
  ['a@x.io\r\nBcc: all@x.io', 'control-character'],
  ['a\u200bb@x.io', 'invisible-character'],
  ['a@ex\u200bample.com', 'invisible-character'],
  ['a\u200d@x.io', 'invisible-character'],
  ['a@ex\u200dample.com', 'invisible-character'],
  ['a\u2060b@x.io', 'invisible-character'],
  ['\ufeffa@x.io', 'invisible-character'],
  ['a@x.io\ufeff', 'invisible-character'],
  ['a\u202eoi.x@b.com', 'invisible-character'],
  ['a@exa\u00admple.com', 'invisible-character'],
  ['a@x.io\ufe0f', 'invisible-character'],
  ['a b@x.io', 'whitespace'],
  ['a@x.io\u00a0', 'whitespace'],
  ['a@x\u2028.io', 'whitespace'],
  ['"a b"@x.io', 'whitespace'],
  ['a\ue000@x.io', 'invalid-character'],
  ['a\ud800@x.io', 'invalid-character'],
  ['"ab"@x.io', 'quoted-local-part'],
  ['"a@b"@x.io', 'quoted-local-part'],
  ['a@b@x.io', 'several-at'],
  ['@x.io', 'empty-local-part'],
  ['ünïcode@x.io', 'non-ascii-local-part'],
  ['a..b@x.io', 'local-part-dots'],
  ['.a@x.io', 'local-part-dots'],
  ['a.@x.io', 'local-part-dots'],
  ['a(b)@x.io', 'local-part-character'],
  ['a,b@x.io', 'local-part-character'],
  ['a\\b@x.io', 'local-part-character'],
  ['<a@x.io>', 'local-part-character'],
  [`${long(65)}@example.com`, 'local-part-too-long'],
  ['a@', 'empty-domain'],
  ['a@[192.0.2.1]', 'ip-literal'],
  ['a@[IPv6:2001:db8::1]', 'ip-literal'],
  ['a@192.0.2.1', 'numeric-tld'],
  ['a@0x7f.1', 'numeric-tld'],
  ['a@1.0x7f', 'domain-not-hostname'],
  ['a@a%2eb.com', 'domain-character'],
  ['a@x.io/evil', 'domain-character'],
  ['a@x.io:25', 'domain-character'],
  ['a@x.io?q', 'domain-character'],
  ['a@x_y.io', 'domain-character'],
  ['a@x.io>', 'domain-character'],
  ['a@xn--a.com', 'domain-not-hostname'],
  ['a@x\uff0fy.io', 'domain-not-hostname'],
  ['a@x..io', 'domain-dots'],
  ['a@.x.io', 'domain-dots'],
  ['a@x.io.', 'domain-dots'],
  ['a@localhost', 'single-label-domain'],
  ['a@-x.io', 'label-hyphen'],
  ['a@x-.io', 'label-hyphen'],
  ['a@x.io-', 'label-hyphen'],
  [`a@${long(64)}.example`, 'label-too-long'],
  ['a@x.123', 'numeric-tld'],
  [`a@${longDomain(4)}`, 'domain-too-long'],
  // Each part within its limit, 255 characters in all.
  [`${long(64)}@${long(63, 'b')}.${long(63, 'c')}.${long(59, 'd')}.ex`, 'too-long'],
  [long(2000), 'too-long'],
]

describe('parseEmailAddress', () => {
  it.each(valid)('takes %j as %j', (input, normalised) => {
    const parsed = parseEmailAddress(input)
    expect(parsed).toMatchObject({ ok: true, address: normalised })
    // What it returns is itself a valid address, returned unchanged.
    expect(parseEmailAddress(normalised)).toMatchObject({ ok: true, address: normalised })
  })

  it.each(invalid)('refuses %j (%s)', (input, reason) => {
    expect(parseEmailAddress(input)).toEqual({ ok: false, reason })
  })

  it('splits the normalised address into its local part and domain', () => {
    expect(parseEmailAddress('Jane@Bücher.Example')).toEqual({ ok: true, address: 'Jane@xn--bcher-kva.example', localPart: 'Jane', domain: 'xn--bcher-kva.example' })
  })

  it('gives the same address for a domain however it is written', () => {
    const forms = ['victim@target.example', 'victim@TARGET.example', ' victim@Target.Example ', 'victim@ｔａｒｇｅｔ.example']
    const addresses = forms.map((form) => {
      const parsed = parseEmailAddress(form)
      return parsed.ok ? parsed.address : parsed.reason
    })
    expect(new Set(addresses)).toEqual(new Set(['victim@target.example']))
  })
})

describe('visibleAddress', () => {
  it('spells out hidden characters and leaves a valid address as it is', () => {
    expect(visibleAddress('a\u0000b@x.io')).toBe('a<U+0000>b@x.io')
    expect(visibleAddress('victim@target.example\u0000.n1')).toBe('victim@target.example<U+0000>.n1')
    expect(visibleAddress('a\u202e\u200b b@x.io')).toBe('a<U+202E><U+200B><U+0020>b@x.io')
    expect(visibleAddress('user+news@xn--bcher-kva.example')).toBe('user+news@xn--bcher-kva.example')
  })
})

describe('describeAddressProblem', () => {
  it('says what is wrong in a sentence, and shows an unknown code as it is', () => {
    expect(describeAddressProblem('control-character')).toBe('The address contains a control character.')
    expect(describeAddressProblem('duplicate')).toBe('Another subscriber has the same address once normalised.')
    expect(describeAddressProblem('something-new')).toBe('something-new')
  })
})
