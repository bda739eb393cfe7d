/** SPEC point 9: at most 5 route component preloads at once. */
export const MAX_ROUTE_PRELOADS = 5

type Importer = () => Promise<unknown>

const done = new Set<Importer>()
const queued: Importer[] = []
let running = 0

/**
 * Preloads a route's code ahead of a click. At most five run at once; the rest wait
 * their turn, and a module is asked for once (the bundler caches the import itself).
 */
export function preloadRoute(load: Importer): void {
  if (done.has(load) || queued.includes(load)) return
  queued.push(load)
  pump()
}

function pump() {
  while (running < MAX_ROUTE_PRELOADS && queued.length) {
    const load = queued.shift()
    if (!load) return
    running++
    done.add(load)
    load()
      .catch(() => done.delete(load)) // A failed preload is tried again by the click itself.
      .finally(() => {
        running--
        pump()
      })
  }
}

/** How many preloads are in flight (tests). */
export function activePreloads(): number {
  return running
}

/** Forgets preloads (tests). */
export function resetRoutePreloads() {
  done.clear()
  queued.length = 0
  running = 0
}
