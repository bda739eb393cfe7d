// @vitest-environment jsdom
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { resetApp } from '@/app/test-router'
import { queryClient } from '@/lib/query-client'
import { type ContentFixture, createContentFixture } from '@/mocks/content'

import { searchItemsQuery } from './api'
import { searchClient } from './search-client'

let content: ContentFixture | undefined
let server: ReturnType<typeof setupServer> | undefined
beforeAll(async () => {
  content = await createContentFixture()
  server = setupServer(...content.handlers)
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  resetApp()
  server?.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(async () => {
  server?.close()
  await content?.cleanup()
})

/** No connection to a collection's data: its search file or index, or its table through the query endpoint. */
const unreachable = (collection: string) =>
  server?.use(
    http.get(`*/__content/${collection}/search.json`, () => HttpResponse.error()),
    http.get(`*/__content/${collection}/search/*`, () => HttpResponse.error()),
    http.post(`*/__content/${collection}/query`, () => HttpResponse.error()),
  )

const load = () => queryClient.fetchQuery(searchItemsQuery('/docs/4.x'))

describe("the palette's items when a collection cannot be loaded", () => {
  // First: the search client keeps a version's index head once it has loaded it (for the page's life).
  it('names the docs version as the palette does when its own index cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    unreachable('docsv4')
    const { source, missing } = await load()
    expect(missing).toEqual(['Docs Version 4'])
    expect((await searchClient.search(source, 'install')).some((r) => r.item.kind === 'docs')).toBe(false)
  })

  it('leaves out the hosting providers alone, and names them, when their records cannot be read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    unreachable('deploy')
    const { source, missing } = await load()
    expect(missing).toEqual(['Hosting'])
    const found = await searchClient.search(source, 'install')
    expect(found.some((r) => r.item.kind === 'docs' && r.item.title === 'Install')).toBe(true)
  })

  it('warns online, and stays quiet offline where the reason is known', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    unreachable('deploy')
    await load()
    expect(warn).toHaveBeenCalledWith('[site] Hosting search could not be loaded:', expect.anything())
    warn.mockClear()
    queryClient.clear()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect((await load()).missing).toEqual(['Hosting'])
    expect(warn).not.toHaveBeenCalled()
  })

  it('asks again for a group that was missing, and for nothing once all are there', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    unreachable('deploy')
    await load()
    server?.resetHandlers()
    expect((await queryClient.ensureQueryData({ ...searchItemsQuery('/docs/4.x'), revalidateIfStale: true })).missing).toEqual(['Hosting'])
    expect((await load()).missing).toEqual([])
  })
})
