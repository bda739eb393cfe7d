import { useSyncExternalStore } from 'react'

import { ICON_SETS } from '../../config/icon-sets'
import { apiUrl } from '../../config/site'
import { iconsReplySchema } from '../../lib/api/schemas'

/** SPEC point 9: an icon request gives up after 1.5 s (the icon's space stays empty). */
export const ICON_FETCH_TIMEOUT_MS = 1500
/** The icon sets the server answers for, longest prefix first so `simple-icons-x` is not read as `simple`. */
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
const wanted = new Map<string, Set<string>>()
const listeners = new Set<() => void>()
let scheduled = false

function notify() {
  for (const listener of listeners) listener()
}

/** Icons asked for in the same tick are fetched together, one request per set. */
function request(set: string, icon: string) {
  const key = `${set}:${icon}`
  if (icons.has(key)) return
  icons.set(key, null)
  let names = wanted.get(set)
  if (!names) wanted.set(set, (names = new Set()))
  names.add(icon)
  if (scheduled) return
  scheduled = true
  queueMicrotask(() => {
    scheduled = false
    for (const [prefix, batch] of wanted) void fetchIcons(prefix, [...batch])
    wanted.clear()
  })
}

async function fetchIcons(prefix: string, names: string[]) {
  try {
    const url = `${apiUrl(`/_icons/${prefix}.json`)}?icons=${names.map(encodeURIComponent).join(',')}`
    const res = await fetch(url, { signal: AbortSignal.timeout(ICON_FETCH_TIMEOUT_MS) })
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    const reply = iconsReplySchema.parse(await res.json())
    for (const [name, icon] of Object.entries(reply.icons)) {
      store(`${prefix}:${name}`, { body: icon.body, width: icon.width ?? reply.width, height: icon.height ?? reply.height })
    }
    notify()
  } catch (error) {
    // Icons are decoration: a slow or failed request leaves their space empty.
    console.warn(`[fjord] icons ${prefix}:${names.join(',')} could not be loaded: ${error instanceof Error ? error.message : String(error)}`)
  }
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

/**
 * In the browser every icon is drawn once, as a `<symbol>` in one hidden sprite, and
 * each use of it is a `<use>` of that symbol: a list of 60 cards with three icons
 * each clones references instead of parsing 180 copies of the same markup.
 */
let sprite: SVGSVGElement | undefined
/** The icons whose symbol is in the sprite. */
const drawn = new Set<string>()
const SVG_NS = 'http://www.w3.org/2000/svg'

/** The id of an icon's symbol in the sprite (`lucide:book-open` → `icon-lucide-book-open`). */
export const symbolId = (key: string) => `icon-${key.replace(':', '-')}`

function store(key: string, data: IconData) {
  icons.set(key, data)
}

/** Puts an icon's symbol in the sprite, once (again if the sprite left the document). */
function drawSymbol(key: string, data: IconData) {
  if (!sprite?.isConnected) {
    sprite = document.createElementNS(SVG_NS, 'svg')
    sprite.setAttribute('class', 'icon-sprite')
    sprite.setAttribute('aria-hidden', 'true')
    document.body.prepend(sprite)
    drawn.clear()
  }
  if (drawn.has(key)) return
  drawn.add(key)
  const symbol = document.createElementNS(SVG_NS, 'symbol')
  symbol.id = symbolId(key)
  symbol.setAttribute('viewBox', `0 0 ${data.width} ${data.height}`)
  // The body comes from the installed icon set through our own endpoint, never from content.
  symbol.innerHTML = data.body
  sprite.append(symbol)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * An icon by its Iconify name (`i-lucide-rocket`, `i-simple-icons-github`), drawn
 * inline once fetched from the icon endpoint. Decorative: hidden from assistive
 * technology, with its 1em box reserved so nothing moves when it arrives.
 */
export function Icon({ name, className, size }: { name: string; className?: string; size?: number }) {
  const parsed = parseIconName(name)
  const key = parsed ? `${parsed[0]}:${parsed[1]}` : ''
  const stored = useSyncExternalStore(
    subscribe,
    () => icons.get(key) ?? null,
    () => null,
  )
  if (!parsed) return null
  const data = stored ?? iconSource?.(parsed[0], parsed[1]) ?? null
  if (!data && !icons.has(key)) request(parsed[0], parsed[1])
  const dimension = size ?? '1em'
  if (data && !iconSource) {
    drawSymbol(key, data)
    return (
      <svg
        className={`icon ${className ?? ''}`}
        viewBox={`0 0 ${data.width} ${data.height}`}
        width={dimension}
        height={dimension}
        aria-hidden="true"
        focusable="false"
        data-icon={key}
      >
        <use href={`#${symbolId(key)}`} />
      </svg>
    )
  }
  // The build's prerender (no document, no sprite) draws the icon itself.
  return data ? (
    <svg
      className={`icon ${className ?? ''}`}
      viewBox={`0 0 ${data.width} ${data.height}`}
      width={dimension}
      height={dimension}
      aria-hidden="true"
      focusable="false"
      data-icon={key}
      // The body comes from the installed icon set through our own endpoint, never from content.
      dangerouslySetInnerHTML={{ __html: data.body }}
    />
  ) : (
    <span className={`icon icon-pending ${className ?? ''}`} style={{ width: dimension, height: dimension }} aria-hidden="true" />
  )
}

/** Forgets loaded icons (tests). */
export function resetIcons() {
  icons.clear()
  wanted.clear()
  sprite?.remove()
  sprite = undefined
  drawn.clear()
}
