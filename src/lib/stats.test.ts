import { afterEach, describe, expect, it } from 'vitest'

import { site } from '../config/site'
import { majorMinor, statsUrl } from './stats'

const hosting = site.hosting
afterEach(() => {
  site.hosting = hosting
})

describe('stats', () => {
  it('come from the product API with a server, and from the build’s file on a static site', () => {
    site.hosting = 'server'
    expect(statsUrl()).toBe('/api/stats')
    site.hosting = 'static'
    expect(statsUrl()).toBe('/builds/stats.json')
  })

  it('show the release as major.minor', () => {
    expect(majorMinor('v4.0.1')).toBe('4.0')
  })
})
