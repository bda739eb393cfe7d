import { describe, expect, it } from 'vitest'

import { styleAttributesToRules } from './static-styles'

describe('styleAttributesToRules', () => {
  it('moves each distinct style attribute into one scoped rule, the same list sharing it', () => {
    const html = '<span class="a" style="width:40px;height:40px">A</span><img src="x.svg" style="width:40px;height:40px"/><div style="background:#1f9d55"></div>'
    expect(styleAttributesToRules(html, '#prerendered')).toBe(
      '<style>#prerendered [data-s="0"]{width:40px!important;height:40px!important}#prerendered [data-s="1"]{background:#1f9d55!important}</style>' +
        '<span class="a" data-s="0">A</span><img src="x.svg" data-s="0"/><div data-s="1"></div>',
    )
  })

  it('leaves markup without style attributes as it is, and text that only mentions one', () => {
    const html = '<p>Write <code>style="color:red"</code> to colour it.</p>'
    expect(styleAttributesToRules(html, '#prerendered')).toBe(html)
  })

  it('reads the attribute as HTML and never lets its text close the style element', () => {
    const html = '<i style="font-family:&quot;Inter&quot;, sans-serif;content:&#x27;&lt;/style&gt;&#x27;"></i>'
    const out = styleAttributesToRules(html, '#p')
    expect(out).toBe(`<style>#p [data-s="0"]{font-family:"Inter", sans-serif!important;content:'\\3c /style>'!important}</style><i data-s="0"></i>`)
    expect(out.match(/<\/style>/g)).toHaveLength(1)
  })
})
