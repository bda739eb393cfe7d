// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { serveContentFixture } from '@/mocks/content'

import { resetAppManifest } from '../app-manifest'
import { queryClient, resetQueryClient } from '../query-client'
import { resetRoutePreloads } from '../route-preload'
import { contentClient } from './index'
import { resetManifest } from './manifest'
import { contentPageQuery } from './page'
import { payloadQuery, resetPayloads } from './payload'
import { prefetchPage, setPageWarmer } from './prefetch'

const fixture = serveContentFixture({ beforeAll, afterAll })
afterEach(() => {
  resetManifest()
  resetAppManifest()
  resetPayloads()
  resetQueryClient()
  vi.restoreAllMocks()
})

const titles = (surround: unknown) => (Array.isArray(surround) ? surround.map((s: { title?: string } | null) => s?.title ?? null) : surround)

describe('a docs page from the database', () => {
  it('comes with the pages before and after it in the sidebar’s order', async () => {
    expect(contentClient.isReady('docsv4')).toBe(true)
    const setup = await queryClient.fetchQuery(contentPageQuery('/docs/4.x/getting-started/setup'))
    expect(setup?.source).toBe('database')
    expect(setup?.data.page?.title).toBe('Setup')
    expect(titles(setup?.data.surround)).toEqual(['Intro', null])
    const intro = await queryClient.fetchQuery(contentPageQuery('/docs/4.x/getting-started/intro'))
    expect(titles(intro?.data.surround)).toEqual([null, 'Setup'])
  })

  it('is in the query cache once its link is prefetched, so the click asks the database nothing', async () => {
    const query = vi.spyOn(contentClient, 'query')
    prefetchPage('/docs/4.x/getting-started/setup')
    await vi.waitFor(() => expect(queryClient.getQueryData(contentPageQuery('/docs/4.x/getting-started/setup').queryKey)?.data.page?.title).toBe('Setup'))
    const asked = query.mock.calls.length
    expect(asked).toBeGreaterThan(0)
    const loaded = await queryClient.ensureQueryData(contentPageQuery('/docs/4.x/getting-started/setup'))
    expect(loaded?.data.page?.title).toBe('Setup')
    expect(query.mock.calls.length).toBe(asked)
  })
})

describe('a docs link before its version’s database is loaded', () => {
  const setup = '/docs/4.x/getting-started/setup'
  const payloadsAsked = (fetch: { mock: { calls: unknown[][] } }) =>
    fetch.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input)).filter((url) => url.includes('_payload.json'))

  it('fetches nothing when it comes into view, and is read from the database once that is loaded', async () => {
    let ready = false
    let loaded = () => {}
    vi.spyOn(contentClient, 'isReady').mockImplementation(() => ready)
    vi.spyOn(contentClient, 'whenReady').mockReturnValue(new Promise<void>((resolve) => (loaded = resolve)))
    document.head.innerHTML = `<meta name="build-id" content="${fixture().site.buildId}">`
    const fetch = vi.spyOn(globalThis, 'fetch')
    prefetchPage(setup, 'sight')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(payloadsAsked(fetch)).toEqual([])
    expect(queryClient.getQueryData(contentPageQuery(setup).queryKey)).toBeUndefined()
    ready = true
    loaded()
    await vi.waitFor(() => expect(queryClient.getQueryData(contentPageQuery(setup).queryKey)?.source).toBe('database'))
    expect(payloadsAsked(fetch)).toEqual([])
  })

  it('fetches its payload when the reader points at it', async () => {
    vi.spyOn(contentClient, 'isReady').mockReturnValue(false)
    vi.spyOn(contentClient, 'whenReady').mockReturnValue(new Promise<void>(() => {}))
    // The page's build, whose manifest lists the pages that have a payload.
    document.head.innerHTML = `<meta name="build-id" content="${fixture().site.buildId}">`
    const fetch = vi.spyOn(globalThis, 'fetch')
    prefetchPage(setup, 'intent')
    await vi.waitFor(() => expect(queryClient.getQueryData(payloadQuery(setup).queryKey)?.page?.title).toBe('Setup'))
    expect(payloadsAsked(fetch)).toHaveLength(1)
  })
})


describe('what a link prepares besides its data', () => {
  const warmer = { loadCode: vi.fn(() => Promise.resolve()), warmBody: vi.fn() }
  const payloadOf = (path: string) => queryClient.getQueryData(payloadQuery(path).queryKey)
  beforeAll(() => setPageWarmer(warmer))
  afterEach(() => {
    warmer.loadCode.mockClear()
    warmer.warmBody.mockClear()
    resetRoutePreloads()
  })

  it('fetches the renderer’s code at once for a link the reader points at, in an idle moment for one in view', async () => {
    vi.spyOn(contentClient, 'isReady').mockReturnValue(false)
    vi.spyOn(contentClient, 'whenReady').mockReturnValue(new Promise<void>(() => {}))
    prefetchPage('/docs/4.x/getting-started/setup', 'intent')
    expect(warmer.loadCode).toHaveBeenCalledTimes(1)
    resetRoutePreloads()
    warmer.loadCode.mockClear()
    prefetchPage('/docs/4.x/getting-started/intro', 'sight')
    expect(warmer.loadCode).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(warmer.loadCode).toHaveBeenCalledTimes(1))
  })

  it('parses a prefetched page’s Markdown, but not the empty body of a listing’s landing page', async () => {
    vi.spyOn(contentClient, 'isReady').mockReturnValue(false)
    vi.spyOn(contentClient, 'whenReady').mockReturnValue(new Promise<void>(() => {}))
    document.head.innerHTML = `<meta name="build-id" content="${fixture().site.buildId}">`
    prefetchPage('/modules', 'intent')
    await vi.waitFor(() => expect(payloadOf('/modules')?.page?.title).toBe('Modules'))
    expect(warmer.warmBody).not.toHaveBeenCalled()
    prefetchPage('/docs/4.x/getting-started/setup', 'intent')
    await vi.waitFor(() => expect(warmer.warmBody).toHaveBeenCalledTimes(1))
    expect(warmer.warmBody.mock.calls[0]?.[0]).toMatchObject({ type: 'markdown', value: expect.stringContaining('Configure it.') })
  })
})
