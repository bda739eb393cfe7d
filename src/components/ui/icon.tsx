import { useCallback, useSyncExternalStore } from 'react'

import { ICON_SETS, type IconFile, iconFileSchema } from '@/contract/icon-sets'
import { afterNextPaint } from '@/lib/after-paint'
import { getManifest } from '@/lib/content/manifest'
import { siteUrl } from '@/lib/content/url'
import { isOffline } from '@/lib/kept-fetch'

/** SPEC point 9: an icon request gives up after 1.5 s (the icon's space stays empty). */
export const ICON_FETCH_TIMEOUT_MS = 1500
/** The icon sets the build writes files for, longest prefix first so `simple-icons-x` is not read as `simple`. */
const SETS = [...ICON_SETS].sort((a, b) => b.length - a.length)

interface IconData {
  body: string
  width: number
  height: number
}

/** `i-lucide-rocket` → `['lucide', 'rocket']`; names of other sets are not icons we can draw. */
export function parseIconName(name: string): [set: string, icon: string] | undefined {
  const rest = name.replace(/^i-/, '')
  const set = SETS.find((s) => rest.startsWith(`${s}-`))
  return set ? [set, rest.slice(set.length + 1)] : undefined
}

const icons = new Map<string, IconData | null>()
/** Each set's file, fetched once per page load (the build names it by its content, in the content manifest). */
const sets = new Map<string, Promise<void>>()
const wanted = new Set<string>()
let scheduled = false
let cancelScheduled: (() => void) | undefined

/**
 * The first icon of a set asked for before the next paint fetches the set's file once
 * that paint is done: the request is decoration, and its start (a few milliseconds the
 * first time) is not spent in the render that asked, ahead of what that render shows.
 */
function request(set: string, icon: string) {
  const key = `${set}:${icon}`
  if (icons.has(key)) return
  icons.set(key, null)
  if (sets.has(set)) return
  wanted.add(set)
  if (scheduled) return
  scheduled = true
  cancelScheduled = afterNextPaint(() => {
    scheduled = false
    for (const prefix of wanted) if (!sets.has(prefix)) sets.set(prefix, loadSet(prefix))
    wanted.clear()
  })
}

/** Rejects when `signal` aborts: a wait that is not a fetch (the manifest, shared with the content client) still ends on time. */
const aborted = (signal: AbortSignal) => new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))

/**
 * The build's file of one set (`/_icons/<set>.<hash>.json`, every icon the site's code
 * and content name), read from wherever the site is served: a static host has it as a
 * file like any other. Every icon in it is kept; one the page asked for that it lacks
 * stays an empty box.
 */
async function loadSet(prefix: string) {
  const signal = AbortSignal.timeout(ICON_FETCH_TIMEOUT_MS)
  try {
    const manifest = await Promise.race([getManifest(), aborted(signal)])
    const path = manifest.icons && Object.hasOwn(manifest.icons, prefix) ? manifest.icons[prefix] : undefined
    if (!path) throw new Error('the build has no icons of this set')
    // Offline, only a kept copy (the service worker's) can answer: without one the icons stay empty boxes, and nothing is asked.
    if (isOffline() && !(typeof caches !== 'undefined' && (await caches.match(siteUrl(path))))) {
      sets.delete(prefix)
      window.addEventListener('online', () => forgetMissing(prefix), { once: true })
      return
    }
    const res = await fetch(siteUrl(path), { signal })
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    const file: IconFile = iconFileSchema.parse(await res.json())
    for (const [name, icon] of Object.entries(file.icons)) {
      // An icon taken over from the build's page is this one already: storing it again would draw each of its copies again.
      if (!icons.get(`${prefix}:${name}`)) store(`${prefix}:${name}`, { body: icon.body, width: icon.width ?? file.width, height: icon.height ?? file.height })
    }
  } catch (error) {
    // Icons are decoration: a slow or failed request leaves their space empty (a later render asks again).
    forgetMissing(prefix)
    console.warn(`[site] the ${prefix} icons could not be loaded: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** A set that did not load: its icons waiting for it are forgotten, so a later render asks again. */
function forgetMissing(prefix: string) {
  sets.delete(prefix)
  for (const key of [...icons.keys()]) if (key.startsWith(`${prefix}:`) && icons.get(key) === null) icons.delete(key)
}

/** Where icons come from when they can be read synchronously (the build's prerender, in Node). */
let iconSource: ((set: string, icon: string) => IconData | undefined) | undefined
export function setIconSource(source: typeof iconSource) {
  iconSource = source
}

/**
 * The icons drawn in the page's build-time HTML, taken over before the app renders,
 * so the app's first render draws them too instead of flashing empty boxes.
 */
export function adoptPrerenderedIcons(root: ParentNode = document) {
  for (const svg of root.querySelectorAll<SVGSVGElement>('#prerendered svg[data-icon]')) {
    const key = svg.dataset.icon
    const [, , width, height] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number)
    if (key && !icons.get(key) && width && height) store(key, { body: svg.innerHTML, width, height })
  }
}

/** Icons waiting for their data, by key: each is told when it arrives. */
const listeners = new Map<string, Set<() => void>>()

function store(key: string, data: IconData) {
  icons.set(key, data)
  for (const listener of listeners.get(key) ?? []) listener()
}

function subscribe(key: string, listener: () => void) {
  let set = listeners.get(key)
  if (!set) listeners.set(key, (set = new Set()))
  set.add(listener)
  return () => {
    set.delete(listener)
    if (set.size === 0) listeners.delete(key)
  }
}

/**
 * An icon by its Iconify name (`i-lucide-rocket`, `i-simple-icons-github`), from the
 * build's icon file of its set, fetched the first time one of the set is drawn. Decorative: hidden from assistive technology, with its 1em box reserved so
 * nothing moves when it arrives.
 *
 * It is an inline SVG, in the browser as in the build's prerender (the same markup). An
 * icon painted through a CSS mask would cost one element instead of a few, but the
 * browser makes a whole SVG document for each icon image, on the main thread: a docs
 * page's icons then made a long part of its first render, where inline SVGs cost little.
 */
export function Icon({ name, className, size }: { name: string; className?: string; size?: number }) {
  const parsed = parseIconName(name)
  const key = parsed ? `${parsed[0]}:${parsed[1]}` : ''
  const subscribeToKey = useCallback((listener: () => void) => subscribe(key, listener), [key])
  const data = useSyncExternalStore(
    subscribeToKey,
    () => icons.get(key) ?? undefined,
    // The build's prerender (no document) reads the installed icon sets.
    () => (parsed ? iconSource?.(parsed[0], parsed[1]) : undefined),
  )
  if (!parsed) return null
  const dimension = size ?? '1em'
  if (!data) {
    if (!iconSource) request(parsed[0], parsed[1])
    return <span className={`icon ${className ?? ''}`} style={size ? { width: size, height: size } : undefined} aria-hidden="true" />
  }
  return (
    <svg
      className={`icon ${className ?? ''}`}
      viewBox={`0 0 ${data.width} ${data.height}`}
      width={dimension}
      height={dimension}
      aria-hidden="true"
      focusable="false"
      data-icon={key}
      // The body comes from the installed icon set through the build's own file, never from content.
      dangerouslySetInnerHTML={{ __html: data.body }}
    />
  )
}

/**
 * Forgets loaded icons and cancels a request not yet sent (tests). The promise settles
 * once the requests already sent have ended, so none of them reports after its test.
 */
export function resetIcons(): Promise<void> {
  cancelScheduled?.()
  scheduled = false
  const pending = [...sets.values()]
  icons.clear()
  sets.clear()
  wanted.clear()
  listeners.clear()
  return Promise.allSettled(pending).then(() => undefined)
}
