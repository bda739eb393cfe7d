/**
 * What the service worker (src/sw.ts) and the page agree on: cache names, the shell it
 * serves for pages it does not hold, and the message that lets a new build take over.
 * Cache Storage belongs to the site's origin alone, so the names need no brand.
 */
export const OFFLINE_CACHES = {
  /** Pages as the network served them, one cache per build (`<name>-<build id>`). */
  pages: 'site-pages',
  /** The content and build manifests, last seen. */
  manifests: 'site-manifests',
  /** Files whose URL names their version: /_app/ files, route payloads, search and navigation files. */
  versioned: 'site-versioned',
  images: 'site-images',
} as const

/** The content worker's cache: each collection it loaded, as a SQLite image, under its dump's URL (with the checksum). */
export const CONTENT_CACHE = 'site-content-v1'

/** The app shell: any route, drawn by the router from data at hand. */
export const SHELL_URL = '/200.html'

/** Sent by the page to a waiting service worker when the reader accepts the new build. */
export const SKIP_WAITING = 'SKIP_WAITING'

/**
 * Sent by the page when its service worker first takes control: `{ type, page, files }`,
 * the page and the files it loaded before, for the worker to keep as if it had served them.
 */
export const KEEP_LOADED = 'KEEP_LOADED'

/** The service worker's script, at the site's root so its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js'
