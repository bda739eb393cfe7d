/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { registerRoute, setCatchHandler } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'

import { isUnderBase, stripBase, withBase } from './contract/base'
import { ICONS_BASE } from './contract/icon-sets'
import { KEEP_LOADED, OFFLINE_CACHES, SHELL_URL, SKIP_WAITING } from './contract/offline'
import { paths } from './contract/paths'

/**
 * The service worker (built by `serviceWorker()` in vite.config.ts, its precache list
 * written by the content build, which knows the final files).
 *
 * - Precached at install: the app shell (200.html), every script, stylesheet and the
 *   sql.js WebAssembly under /_app/, the content manifest and the build manifest.
 * - Pages: from the network, kept as they come; offline, the kept copy, or the shell,
 *   which draws any route whose data is at hand (a docs version whose database the
 *   content worker holds) and the offline page otherwise.
 * - Route payloads, the search and navigation files and /_app/ files carry their
 *   version in the URL: kept on first use. The images a docs page shows and the UI's
 *   icons: kept, refreshed behind. Other images (module icons, screenshots of the
 *   directories) are the HTTP cache's: a directory page asks for dozens at each filter,
 *   and keeping each here (a cache write and an expiry record) took enough of a small
 *   machine's CPU to hold the page's next list up by tens of milliseconds.
 * - Dumps are left to the content worker, which keeps each collection it loaded (by
 *   checksum) as a SQLite image in Cache Storage: the SW keeping the SQL text too
 *   would store every docs version twice.
 * - A new build waits until the reader accepts the reload the page offers.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] }

/**
 * The site's base path (`/`, or `/fjord/` for a site under a sub-path): the page registers
 * this worker with the base as its scope, and every URL of the site is under it.
 */
const base = new URL(self.registration.scope).pathname
/** The site path of a URL of this site (`/fjord/docs/x` → `/docs/x`); undefined for another origin or a path outside the base. */
const sitePathOf = (url: URL): string | undefined => (url.origin === self.location.origin && isUnderBase(base, url.pathname) ? stripBase(base, url.pathname) : undefined)

const manifest = self.__WB_MANIFEST
/** This build's id, from the build manifest it precaches (`<base>builds/meta/<id>.json`). */
const buildId =
  manifest
    .map((entry) => stripBase(base, typeof entry === 'string' ? entry : entry.url))
    .find((url) => url.startsWith('/builds/meta/'))
    ?.replace(/^\/builds\/meta\/|\.json$/g, '') ?? 'dev'
const pagesCache = `${OFFLINE_CACHES.pages}-${buildId}`

// The manifests change with every build: the network's copy when there is one, so a
// page of a newer build never reads an older manifest; offline, the last one seen.
const manifests = new NetworkFirst({ cacheName: OFFLINE_CACHES.manifests, networkTimeoutSeconds: 4 })
registerRoute(
  ({ url, request }) => {
    const path = sitePathOf(url)
    return request.method === 'GET' && path !== undefined && (path === '/__content/manifest.json' || path.startsWith('/builds/meta/'))
  },
  async (options) => {
    try {
      return await manifests.handle(options)
    } catch {
      return (await matchPrecache(options.url.pathname)) ?? Response.error()
    }
  },
)

precacheAndRoute(manifest)
cleanupOutdatedCaches()

registerRoute(
  ({ request, url }) => {
    const path = sitePathOf(url)
    return request.mode === 'navigate' && path !== undefined && !path.startsWith('/api/')
  },
  new NetworkFirst({
    cacheName: pagesCache,
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 200 })],
  }),
)

/** Files whose URL names their version: hashed app files and icon files (the build names them by their content), versioned content. */
const versioned = ({ url }: { url: URL }) => {
  const path = sitePathOf(url)
  return (
    path !== undefined &&
    (path.startsWith('/_app/') ||
      path.startsWith(ICONS_BASE) ||
      (url.searchParams.has('v') && (path.endsWith('/_payload.json') || /^\/__content\/[^/]+\/(search|navigation)\.json$/.test(path))))
  )
}
registerRoute(versioned, new CacheFirst({ cacheName: OFFLINE_CACHES.versioned, plugins: [new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true })] }))

const docsPath = withBase(base, `${paths.docs()}/`)
/** An image a docs page asked for (same-origin pages send their path as the referrer). */
const keptImage = ({ request }: { request: Request }) => request.destination === 'image' && request.referrer.startsWith(`${self.location.origin}${docsPath}`)
registerRoute(
  keptImage,
  new StaleWhileRevalidate({ cacheName: OFFLINE_CACHES.images, plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 86_400, purgeOnQuotaError: true })] }),
)

// A page neither online nor kept: the shell, whose router shows the offline page.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(withBase(base, SHELL_URL))) ?? Response.error()
  return Response.error()
})

self.addEventListener('message', (event) => {
  const message: unknown = event.data
  if (typeof message !== 'object' || message === null || !('type' in message)) return
  if (message.type === SKIP_WAITING) void self.skipWaiting()
  // The page and files a page loaded before this worker controlled it (the first visit).
  if (message.type === KEEP_LOADED && 'page' in message && 'files' in message && Array.isArray(message.files)) {
    event.waitUntil(keepLoaded(String(message.page), message.files.map(String)))
  }
})

async function keepLoaded(page: string, files: string[]) {
  const own = (url: string) => sitePathOf(new URL(url, self.location.href)) !== undefined
  if (own(page) && !sitePathOf(new URL(page))?.startsWith('/api/')) await (await caches.open(pagesCache)).add(page).catch(() => undefined)
  const kept = files.filter((file) => own(file) && versioned({ url: new URL(file, self.location.href) }))
  const cache = await caches.open(OFFLINE_CACHES.versioned)
  await Promise.all(kept.map(async (file) => ((await cache.match(file)) ? undefined : cache.add(file).catch(() => undefined))))
}

self.addEventListener('activate', (event) => {
  // Pages kept under an earlier build name its scripts, which left with its precache.
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith(`${OFFLINE_CACHES.pages}-`) && key !== pagesCache) await caches.delete(key)
      await self.clients.claim()
    })(),
  )
})
