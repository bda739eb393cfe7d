import { describe, expect, it } from 'vitest'

import { brandKey } from './brand-key'
import { colorModeBootScript } from './color-mode'

describe('the brand key', () => {
  it.each([
    ['Fjord', 'fjord'],
    ['Acme UI', 'acme-ui'],
    ['  Nuxt.js  ', 'nuxt-js'],
    ['Évian & Co', 'evian-co'],
    ['日本', 'site'],
  ])('of %j is %j', (name, key) => {
    expect(brandKey({ name })).toBe(key)
  })

  it("names what the site keeps in a reader's browser after the brand", () => {
    const script = colorModeBootScript(brandKey({ name: 'Acme' }))
    expect(script).toContain('localStorage.getItem("acme-color-mode")')
    expect(script).not.toMatch(/fjord/i)
  })
})
