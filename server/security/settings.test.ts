import { describe, expect, it } from 'vitest'

import config from '../../site.config'
import { isLoopback, serverSettings, SettingsError } from './settings'

describe('serverSettings', () => {
  it('takes the public URL from PUBLIC_URL, else the local address on loopback, else the site config', () => {
    expect(serverSettings(config, { PUBLIC_URL: 'https://docs.example.com/' }, 'http://127.0.0.1:3000').publicUrl.origin).toBe('https://docs.example.com')
    expect(serverSettings(config, {}, 'http://127.0.0.1:3000').publicUrl.origin).toBe('http://127.0.0.1:3000')
    expect(serverSettings(config, {}).publicUrl.origin).toBe(config.brand.url)
  })

  it('trusts no proxy unless TRUST_PROXY says how many', () => {
    expect(serverSettings(config, {}).trustProxy).toBe(0)
    expect(serverSettings(config, { TRUST_PROXY: 'false' }).trustProxy).toBe(0)
    expect(serverSettings(config, { TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(serverSettings(config, { TRUST_PROXY: '2' }).trustProxy).toBe(2)
  })

  it('refuses values it cannot use, saying which and why', () => {
    expect(() => serverSettings(config, { PUBLIC_URL: 'fjord.dev' })).toThrow(SettingsError)
    expect(() => serverSettings(config, { PUBLIC_URL: 'https://fjord.dev/docs' })).toThrow('PUBLIC_URL must be an origin with no path')
    expect(() => serverSettings(config, { PUBLIC_URL: 'ftp://fjord.dev' })).toThrow('PUBLIC_URL must be an http(s) URL')
    expect(() => serverSettings(config, { TRUST_PROXY: 'yes' })).toThrow('TRUST_PROXY must be true, false or the number of proxies')
  })

  it('knows loopback hosts', () => {
    expect(['127.0.0.1', 'localhost', '::1', '127.1.2.3'].every(isLoopback)).toBe(true)
    expect(['0.0.0.0', '10.0.0.1', 'fjord.dev'].some(isLoopback)).toBe(false)
  })
})
