import { useToasts } from '@/components/ui/toasts/store'
import { site, sitePath } from '@/config/site'
import { KEEP_LOADED, SERVICE_WORKER_URL, SKIP_WAITING } from '@/contract/offline'

/**
 * Registers the service worker (src/sw.ts), once the page has loaded, so its install
 * (the app's files, fetched into the precache) never competes with the first paint.
 * `onUpdate` runs when a new build's worker is installed and waits; `reloadToLatest`
 * lets it take over. With `enabled` false, a worker an earlier build registered is
 * removed, so turning offline reading off in the site config takes effect.
 */
export async function registerServiceWorker({ enabled, onUpdate }: { enabled: boolean; onUpdate: () => void }): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  if (!enabled) {
    await Promise.all((await navigator.serviceWorker.getRegistrations()).map((registration) => registration.unregister()))
    return
  }
  // Workbox's page side is loaded here, after the first paint, not with the app.
  const { Workbox } = await import('workbox-window')
  // Under the site's base, and controlling only the pages under it (a host may serve other sites beside it).
  const workbox = new Workbox(sitePath(SERVICE_WORKER_URL), { scope: site.base })
  // A worker that installs while another controls the page is a new build: offer it.
  workbox.addEventListener('waiting', onUpdate)
  // The first install: what this page loaded before the worker existed is kept too, so
  // the page reloads offline like every later one.
  workbox.addEventListener('activated', (event) => {
    if (event.isUpdate) return
    const files = performance.getEntriesByType('resource').map((entry) => entry.name)
    event.sw?.postMessage({ type: KEEP_LOADED, page: window.location.href.split('#')[0], files })
  })
  await workbox.register().catch((error: unknown) => {
    console.warn(`[site] offline reading is unavailable: the service worker did not register (${error instanceof Error ? error.message : String(error)})`)
  })
}

/**
 * Reloads into the newest build: a new service worker waiting to take over is told to,
 * and the page reloads once it controls the page (its precache holds the new build's
 * files); with none waiting, a plain reload.
 */
export async function reloadToLatest(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined)
  const waiting = registration?.waiting
  if (!waiting) {
    window.location.reload()
    return
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  waiting.postMessage({ type: SKIP_WAITING })
}

/**
 * Resolves once a service worker keeps this site (at once when one already does; never
 * where there is none: in development, or a browser without service workers).
 */
export function whenOfflineReady(): Promise<unknown> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof caches === 'undefined') return new Promise(() => {})
  return navigator.serviceWorker.ready
}

/**
 * A new build is live (a new service worker waits, or builds/latest.json names another
 * build): a toast offers the reload rather than forcing one mid-read.
 */
export function offerNewBuild(): void {
  useToasts.getState().add({
    id: 'new-build',
    title: 'A new version of the site is available',
    description: 'Reload to read the latest content.',
    color: 'info',
    duration: 0,
    actions: [{ label: 'Reload', onClick: () => void reloadToLatest() }],
  })
}
