import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

import { brandMarkOf } from './brand-mark'

const publicFile = (name: string) => readFileSync(resolve(import.meta.dirname, '../../public/design-kit', name), 'utf8')

describe('the brand mark drawn inline', () => {
  it("is the demo icon's drawing, without its title", () => {
    expect(brandMarkOf(publicFile('fjord-icon-dark.svg'))).toEqual({
      viewBox: '0 0 64 64',
      body: '<rect width="64" height="64" rx="12" fill="#0F1B3D"/><g transform="translate(4 2) scale(0.875)"><path d="M4 44 L20 14 L28 28 L36 8 L60 44 Z" fill="#00DC82"/><path d="M4 48 Q18 42 32 48 T60 48 L60 56 L4 56 Z" fill="#FFFFFF"/></g>',
    })
  })

  it("keeps the root's presentation attributes on a group around the drawing", () => {
    const svg = `<?xml version="1.0"?>\n<!-- mark -->\n<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" fill="none" stroke="currentColor">\n  <path d='M0 0h24'/>\n</svg>\n`
    expect(brandMarkOf(svg)).toEqual({ viewBox: '0 0 24 24', body: '<g fill="none" stroke="currentColor"><path d="M0 0h24"/></g>' })
  })

  it('writes attribute values again, escaped, from what it read', () => {
    expect(brandMarkOf('<svg viewBox="0,0,8,8"><path d="M0 0" transform="translate(1 &#49;)" opacity="&quot;"/></svg>')).toEqual({
      viewBox: '0 0 8 8',
      body: '<path d="M0 0" transform="translate(1 1)" opacity="&quot;"/>',
    })
  })

  it.each([
    ['a script', '<svg viewBox="0 0 8 8"><script>alert(1)</script></svg>'],
    ['an event handler', '<svg viewBox="0 0 8 8"><path d="M0 0" onclick="alert(1)"/></svg>'],
    ['a style', '<svg viewBox="0 0 8 8"><style>*{color:red}</style><path d="M0 0"/></svg>'],
    ['a style attribute', '<svg viewBox="0 0 8 8"><path d="M0 0" style="fill:red"/></svg>'],
    ['a class', '<svg viewBox="0 0 8 8"><path d="M0 0" class="x"/></svg>'],
    ['an id', '<svg viewBox="0 0 8 8"><path id="a" d="M0 0"/></svg>'],
    ['a reference to an id', '<svg viewBox="0 0 8 8"><path d="M0 0" fill="url(#a)"/></svg>'],
    ['a gradient', '<svg viewBox="0 0 8 8"><linearGradient/><path d="M0 0"/></svg>'],
    ['an image', '<svg viewBox="0 0 8 8"><image href="x.png"/></svg>'],
    ['a link', '<svg viewBox="0 0 8 8"><a href="https://example.com"><path d="M0 0"/></a></svg>'],
    ['text', '<svg viewBox="0 0 8 8"><text>Fjord</text></svg>'],
    ['loose text', '<svg viewBox="0 0 8 8">Fjord<path d="M0 0"/></svg>'],
    ['an unknown entity', '<svg viewBox="0 0 8 8"><path d="M0&nbsp;0"/></svg>'],
    ['CDATA', '<svg viewBox="0 0 8 8"><![CDATA[x]]><path d="M0 0"/></svg>'],
    ['a doctype', '<!DOCTYPE svg><svg viewBox="0 0 8 8"><path d="M0 0"/></svg>'],
    ['an element left open', '<svg viewBox="0 0 8 8"><g><path d="M0 0"/></svg>'],
    ['a second root', '<svg viewBox="0 0 8 8"><path d="M0 0"/></svg><svg/>'],
    ['no box', '<svg><path d="M0 0"/></svg>'],
    ['a box in percent', '<svg width="100%" height="100%"><path d="M0 0"/></svg>'],
    ['a repeated attribute', '<svg viewBox="0 0 8 8"><path d="M0 0" d="M1 1"/></svg>'],
    ['a root that is not an svg', '<g><path d="M0 0"/></g>'],
  ])('is left to the <img> for an icon with %s', (_, svg) => {
    expect(brandMarkOf(svg)).toBeUndefined()
  })
})
