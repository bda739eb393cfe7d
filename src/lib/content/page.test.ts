// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { serveContentFixture } from '../../mocks/content'
import { queryClient, resetQueryClient } from '../query-client'
import { contentClient } from './index'
import { resetManifest } from './manifest'
import { contentPageQuery } from './page'
import { prefetchPage } from './prefetch'

serveContentFixture({ beforeAll, afterAll })
afterEach(() => {
  resetManifest()
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
