/** Whether the browser says it has no network (outside a browser: never). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/**
 * `fetch`, but for a browser that says it is offline: a URL no cache of this site holds is
 * not asked for, and fails as a fetch without a network does (a TypeError, which callers
 * already take for a lost connection). A request that cannot succeed would print an error
 * in the console for every file a page tries; one the service worker keeps is still asked,
 * and answered from its cache. Online it is `fetch` itself.
 */
export function keptFetch(url: string, init?: RequestInit): Promise<Response> {
  if (!isOffline() || typeof caches === 'undefined') return fetch(url, init)
  return caches.match(url).then((kept) => (kept ? fetch(url, init) : Promise.reject(new TypeError('Failed to fetch'))))
}
