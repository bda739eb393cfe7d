import { storageKey } from '../config/site'

/** SPEC point 8: a chunk-load failure reloads the page at most once per path within 10 s. */
export const CHUNK_RELOAD_GUARD_MS = 10_000
const KEY = storageKey('chunk-reload')

interface Marker {
  path: string
  at: number
  scrollX: number
  scrollY: number
}

function readMarker(storage: Storage): Marker | undefined {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? 'null')
    if (typeof value !== 'object' || value === null) return undefined
    const { path, at, scrollX, scrollY } = {
      path: Reflect.get(value, 'path'),
      at: Reflect.get(value, 'at'),
      scrollX: Reflect.get(value, 'scrollX'),
      scrollY: Reflect.get(value, 'scrollY'),
    }
    return typeof path === 'string' && typeof at === 'number' ? { path, at, scrollX: Number(scrollX) || 0, scrollY: Number(scrollY) || 0 } : undefined
  } catch {
    return undefined
  }
}

/**
 * After a deploy, an open tab may ask for a chunk that no longer exists. Reload to
 * get the new build, keeping the scroll position, but only once per path within the
 * guard time: a chunk that still fails after a reload is a real error, not a deploy.
 * Returns whether a reload was started.
 */
export function reloadAfterChunkError(win: Pick<Window, 'location' | 'scrollX' | 'scrollY'> & { sessionStorage: Storage }, now = Date.now()): boolean {
  const path = win.location.pathname
  const previous = readMarker(win.sessionStorage)
  if (previous && previous.path === path && now - previous.at < CHUNK_RELOAD_GUARD_MS) return false
  win.sessionStorage.setItem(KEY, JSON.stringify({ path, at: now, scrollX: win.scrollX, scrollY: win.scrollY } satisfies Marker))
  win.location.reload()
  return true
}

/**
 * A lazily loaded chunk, fetched once for every caller: a fetch that failed is made again
 * by the next call, and a chunk gone after a deploy reloads the page once for the new build
 * (a chunk that still fails is a real error, for the caller).
 */
export function chunkLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined
      if (typeof window !== 'undefined' && reloadAfterChunkError(window)) return new Promise<never>(() => {})
      throw error
    }))
}

/** After such a reload, puts the reader back where they were. */
export function restoreAfterChunkReload(win: Pick<Window, 'location' | 'scrollTo'> & { sessionStorage: Storage }, now = Date.now()) {
  const marker = readMarker(win.sessionStorage)
  if (marker && marker.path === win.location.pathname && now - marker.at < CHUNK_RELOAD_GUARD_MS) win.scrollTo(marker.scrollX, marker.scrollY)
}

/** Listens for Vite's signal that a lazily loaded chunk failed. */
export function installChunkReload(win: Window = window) {
  win.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkError(win)) event.preventDefault()
  })
}
