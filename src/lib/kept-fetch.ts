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

/**
 * A build output's JSON by its absolute URL: the copy kept for offline reading if there
 * is one (its name names its version: the service worker routes none of a search index's
 * many small files, and a worker may not know the browser is offline), else the
 * network's, or undefined when `fetchIfNotKept` is false.
 */
export async function keptBuildJson(url: string, { fetchIfNotKept = true }: { fetchIfNotKept?: boolean } = {}): Promise<unknown> {
  const kept = typeof caches === 'undefined' ? undefined : await caches.match(url).catch(() => undefined)
  if (!kept && !fetchIfNotKept) return undefined
  const res = kept ?? (await keptFetch(url))
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`)
  return res.json()
}
