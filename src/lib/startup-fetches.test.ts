// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { resetAdBlocker, useAdBlocker } from './ad-blocker'
import { getAppManifest, MANIFEST_PREFETCH_DELAY_MS, prefetchAppManifest, resetAppManifest } from './app-manifest'
import { apiErrorMessage, validateForm } from './forms'
import { queryClient, resetQueryClient } from './query-client'
import { loadStats, majorMinor, statsQuery } from './stats'

beforeEach(() => {
  document.head.innerHTML = '<meta name="build-id" content="b1">'
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.useRealTimers()
  resetAppManifest()
  resetQueryClient()
  resetAdBlocker()
})

describe('build manifest', () => {
  it('is fetched one second after start', async () => {
    vi.useFakeTimers()
    const fetch = vi.fn(async () => Response.json({ redirects: { '/a': '/b' }, prerendered: [], middleware: {} }))
    vi.stubGlobal('fetch', fetch)
    prefetchAppManifest()
    vi.advanceTimersByTime(MANIFEST_PREFETCH_DELAY_MS - 1)
    expect(fetch).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fetch).toHaveBeenCalledWith(expect.stringMatching(/\/builds\/meta\/b1\.json$/))
    expect((await getAppManifest()).redirects).toEqual({ '/a': '/b' })
  })

  it('is only logged when it fails, and tried again on the next use', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const fetch = vi.fn(async () => new Response('no', { status: 503 }))
    vi.stubGlobal('fetch', fetch)
    expect(await getAppManifest()).toEqual({ redirects: {}, prerendered: [], middleware: {} })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('HTTP 503'))
    await getAppManifest()
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})

describe('stats', () => {
  it('are fetched once, and the release shows as major.minor', async () => {
    const fetch = vi.fn(async () => Response.json({ version: '4.0.1', stars: 24817, modules: 14, maintainers: 9, contributors: 612 }))
    vi.stubGlobal('fetch', fetch)
    await Promise.all([loadStats(), loadStats()])
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(queryClient.getQueryData(statsQuery().queryKey)?.stars).toBe(24817)
    expect(majorMinor('4.0.1')).toBe('4.0')
    expect(majorMinor('v3.17.7')).toBe('3.17')
  })
})

describe('ad-blocker detection', () => {
  it('sends a HEAD request to the ad script and counts a network failure as blocked', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    vi.stubGlobal('fetch', fetch)
    await useAdBlocker.getState().detect('https://ads.example.com/script.js')
    expect(fetch).toHaveBeenCalledWith('https://ads.example.com/script.js', expect.objectContaining({ method: 'HEAD' }))
    expect(useAdBlocker.getState().blocked).toBe(true)
  })

  it('counts an answered request as not blocked, and checks nothing without a configured script', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    )
    await useAdBlocker.getState().detect(undefined)
    expect(useAdBlocker.getState().blocked).toBeUndefined()
    await useAdBlocker.getState().detect('https://ads.example.com/script.js')
    expect(useAdBlocker.getState().blocked).toBe(false)
  })
})

describe('forms', () => {
  it('refuse a schema that is not a validation function', () => {
    expect(() => validateForm({ email: 'string' }, {})).toThrow('Form validation failed: Unsupported form schema')
  })

  it('read the first message of an API error, else the fallback', () => {
    expect(apiErrorMessage({ message: JSON.stringify([{ message: 'Please enter a valid email' }]) }, 'x')).toBe('Please enter a valid email')
    expect(apiErrorMessage({ message: 'plain text' }, 'fallback')).toBe('fallback')
    expect(apiErrorMessage(undefined, 'fallback')).toBe('fallback')
  })
})
