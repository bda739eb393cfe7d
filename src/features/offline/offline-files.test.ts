// @vitest-environment jsdom
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { ContentManifest, ManifestCollection } from '@/contract/content/build-output'
import { CONTENT_CACHE, OFFLINE_CACHES } from '@/contract/offline'
import { resetManifest } from '@/lib/content/manifest'
import { queryClient, resetQueryClient } from '@/lib/query-client'

import { offlineStatusQuery, removeVersion } from './api'
import { offlineFiles } from './offline-files'

const collection = (name: string, size: ManifestCollection['size'], extra: Partial<ManifestCollection> = {}): ManifestCollection => ({
  type: 'page',
  table: `_content_${name}`,
  checksum: 'c',
  rows: 49,
  columns: [],
  dump: `/__content/${name}/sql_dump.txt?v=c`,
  image: `/__content/${name}/db.sqlite?v=c`,
  size,
  ...extra,
})
const manifest: ContentManifest = {
  version: 1,
  buildId: 'b',
  icons: { lucide: '/_icons/lucide.abc.json' },
  collections: {
    docsv4: collection(
      'docsv4',
      { database: 100_000, search: 20_000, navigation: 3_000, gzip: 30_000 },
      {
        searchIndex: { path: '/__content/docsv4/search/head.json?v=s', checksum: 's' },
        navigation: { path: '/__content/docsv4/navigation.json?v=n', checksum: 'n' },
        images: [{ path: '/img/diagram.png', bytes: 5_000 }],
      },
    ),
    blog: collection('blog', { database: 50_000, search: 7_000, gzip: 15_000 }, { search: { path: '/__content/blog/search.json?v=b', checksum: 'b' } }),
    deploy: collection('deploy', { database: 8_000, search: 3_000, gzip: 2_000 }, { search: { path: '/__content/deploy/search.json?v=d', checksum: 'd' } }),
  },
}

/** Cache Storage, in memory: what the service worker and the content worker would find (by path, as the site is at one origin). */
const at = (url: string) => {
  const parsed = new URL(url, location.href)
  return parsed.pathname + parsed.search
}
const stored = new Map<string, Map<string, Response>>()
const cacheStorage = {
  async match(url: string) {
    for (const cache of stored.values()) if (cache.has(at(url))) return cache.get(at(url))?.clone()
    return undefined
  },
  async open(name: string) {
    const cache = stored.get(name) ?? new Map<string, Response>()
    stored.set(name, cache)
    return {
      match: async (url: string) => cache.get(at(url))?.clone(),
      put: async (url: string, response: Response) => void cache.set(at(url), response),
      delete: async (url: string) => cache.delete(at(url)),
    }
  },
}
// The search index's head is read back from where it is kept: it is kept as served.
const keep = async (cache: string, url: string) => (await cacheStorage.open(cache)).put(url, new Response(url.includes('/search/head.json') ? JSON.stringify(head) : 'x'))

/** The version's search index head: it names the index's other files. */
const head = {
  format: 1,
  sections: [],
  fieldLength: [],
  averageFieldLength: [0, 0, 0],
  terms: [],
  shards: [{ start: 0, file: 't0.json?v=t' }],
  chunks: [{ start: 0, file: 'c0.json?v=x' }],
}
const server = setupServer(
  http.get('*/__content/manifest.json', () => HttpResponse.json(manifest)),
  http.get('*/__content/docsv4/search/head.json', () => HttpResponse.json(head)),
  http.head('*/_icons/lucide.abc.json', () => new HttpResponse(null, { headers: { 'Content-Length': '1200' } })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => vi.stubGlobal('caches', cacheStorage))
afterEach(() => {
  stored.clear()
  resetManifest()
  resetQueryClient()
  vi.unstubAllGlobals()
})
afterAll(() => server.close())

describe('what a docs version downloaded for offline reading keeps', () => {
  it('lists its database, search index (its head and the files the head names) and navigation, its images, the icon files and what the palette reads besides', async () => {
    const files = await offlineFiles('docsv4', { toDownload: true })
    expect(files.map((file) => [file.cache, file.key])).toEqual([
      [CONTENT_CACHE, '/__content/docsv4/sql_dump.txt?v=c'],
      [OFFLINE_CACHES.versioned, '/__content/docsv4/search/head.json?v=s'],
      [OFFLINE_CACHES.versioned, '/__content/docsv4/search/t0.json?v=t'],
      [OFFLINE_CACHES.versioned, '/__content/docsv4/search/c0.json?v=x'],
      [OFFLINE_CACHES.versioned, '/__content/docsv4/navigation.json?v=n'],
      [OFFLINE_CACHES.images, '/img/diagram.png'],
      [OFFLINE_CACHES.versioned, '/_icons/lucide.abc.json'],
      [OFFLINE_CACHES.versioned, '/__content/blog/search.json?v=b'],
      [OFFLINE_CACHES.versioned, '/__content/deploy/search.json?v=d'],
    ])
    // The version's database is downloaded as an SQLite image, kept by the content worker under its dump's URL; the palette needs no other.
    expect(files.filter((file) => file.database).map((file) => [file.database, file.url])).toEqual([['docsv4', '/__content/docsv4/db.sqlite?v=c']])
  })

  it('shows a size before the download that counts every one of them', async () => {
    const status = await queryClient.fetchQuery(offlineStatusQuery('docsv4'))
    expect(status).toEqual({
      available: false,
      pages: 49,
      // The version's files (the search index's counted once, by its head), the image, the icon file (its size asked of the host), the blog's and the providers' search records.
      size: { raw: 100_000 + 20_000 + 3_000 + 5_000 + 1_200 + 7_000 + 3_000, gzip: 30_000 + 5_000 + 1_200 + 7_000 + 3_000 },
    })
  })

  it('is available only once every file is kept, and removing it leaves what other versions use', async () => {
    for (const file of await offlineFiles('docsv4', { toDownload: true })) await keep(file.cache, file.key)
    expect((await queryClient.fetchQuery(offlineStatusQuery('docsv4'))).available).toBe(true)

    await (await cacheStorage.open(OFFLINE_CACHES.versioned)).delete('/__content/blog/search.json?v=b')
    expect((await queryClient.fetchQuery({ ...offlineStatusQuery('docsv4'), staleTime: 0 })).available).toBe(false)

    await removeVersion('docsv4')
    expect([...(stored.get(CONTENT_CACHE)?.keys() ?? [])]).toEqual([])
    expect([...(stored.get(OFFLINE_CACHES.versioned)?.keys() ?? [])]).toEqual(['/_icons/lucide.abc.json', '/__content/deploy/search.json?v=d'])
    expect([...(stored.get(OFFLINE_CACHES.images)?.keys() ?? [])]).toEqual(['/img/diagram.png'])
  })

  it("shows a version's size and that it is not kept without fetching its search index's head", async () => {
    const heads: string[] = []
    server.events.on('request:start', ({ request }) => void (request.url.includes('/search/head.json') && heads.push(request.url)))
    const status = await queryClient.fetchQuery(offlineStatusQuery('docsv4'))
    expect(status.available).toBe(false)
    expect(status.size.raw).toBe(100_000 + 20_000 + 3_000 + 5_000 + 1_200 + 7_000 + 3_000)
    expect(heads).toEqual([])
    // A download reads the head for the files it names.
    expect((await offlineFiles('docsv4', { toDownload: true })).filter((file) => file.key.includes('/search/'))).toHaveLength(3)
    expect(heads).toHaveLength(1)
    server.events.removeAllListeners()
  })

  it('offline, with its search index not kept, lists the head alone and is not available', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const files = await offlineFiles('docsv4', { toDownload: true })
    expect(files.filter((file) => file.key.includes('/search/')).map((file) => file.key)).toEqual(['/__content/docsv4/search/head.json?v=s'])
    expect((await queryClient.fetchQuery(offlineStatusQuery('docsv4'))).available).toBe(false)
    vi.restoreAllMocks()
  })
})
