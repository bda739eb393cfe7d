import { describe, expect, it } from 'vitest'

import { fileName, hexToRgb } from './files'

describe('design kit files', () => {
  it('names a download after its file, with the format asked for', () => {
    expect(fileName('/design-kit/fjord-logo-light.svg', 'png')).toBe('fjord-logo-light.png')
    expect(fileName('/design-kit/fjord-logo-light.svg', 'svg')).toBe('fjord-logo-light.svg')
  })
  it('gives a colour as CSS rgb()', () => {
    expect(hexToRgb('#00DC82')).toBe('rgb(0 220 130)')
    expect(hexToRgb('#64748b')).toBe('rgb(100 116 139)')
  })
})
