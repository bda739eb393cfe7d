import { ICON_SETS } from '../../config/icon-sets'
import { apiUrl } from '../../config/site'
import { iconsReplySchema } from '../../lib/api/schemas'
import { afterNextPaint } from '../../lib/after-paint'
import { adoptEmptySheet } from '../../lib/style-sheet'

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
let scheduled = false

/**
 * Icons asked for before the next paint are fetched together, one request per set, once
 * that paint is done: the request is decoration, and its start (a few milliseconds the
 * first time) is not spent in the render that asked, ahead of what that render shows.
 */
function request(set: string, icon: string) {
  const key = `${set}:${icon}`
  if (icons.has(key)) return
  icons.set(key, null)
  let names = wanted.get(set)
  if (!names) wanted.set(set, (names = new Set()))
  names.add(icon)
  if (scheduled) return
  scheduled = true
  afterNextPaint(() => {
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
 * In the browser an icon is an empty span with the icon's name as its class, painted in
 * the text colour through a CSS mask; each icon's rule is added once, to one stylesheet,
 * when its data arrives. So an icon costs one element, needs no re-render when it loads
 * (the rule makes every span of it appear at once), and a list of 60 cards with three
 * icons each creates and removes 180 spans, not 180 SVG trees.
 */
let sheet: ReturnType<typeof adoptEmptySheet> | undefined
/** The icons with a rule in the sheet. */
const ruled = new Set<string>()

/** An icon's class: its Iconify name (`lucide:book-open` → `i-lucide-book-open`). */
export const iconClass = (key: string) => `i-${key.replace(':', '-')}`

function store(key: string, data: IconData) {
  icons.set(key, data)
  if (typeof document !== 'undefined' && !iconSource) addRule(key, data)
}

/** The icon's rule, once. */
function addRule(key: string, data: IconData) {
  sheet ??= adoptEmptySheet()
  if (!sheet.sheet || ruled.has(key)) return
  ruled.add(key)
  // The body comes from the installed icon set through our own endpoint, never from content.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${data.width} ${data.height}">${data.body}</svg>`
  const image = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`
  sheet.sheet.insertRule(`.icon.${iconClass(key)}{-webkit-mask-image:${image};mask-image:${image};background-color:currentColor}`, sheet.sheet.cssRules.length)
}

/**
 * An icon by its Iconify name (`i-lucide-rocket`, `i-simple-icons-github`), fetched from
 * the icon endpoint the first time it is drawn. Decorative: hidden from assistive
 * technology, with its 1em box reserved so nothing moves when it arrives.
 */
export function Icon({ name, className, size }: { name: string; className?: string; size?: number }) {
  const parsed = parseIconName(name)
  if (!parsed) return null
  const key = `${parsed[0]}:${parsed[1]}`
  const dimension = size ?? '1em'
  // The build's prerender (no document, no stylesheet) draws the icon itself.
  const built = iconSource?.(parsed[0], parsed[1])
  if (built) {
    return (
      <svg
        className={`icon ${className ?? ''}`}
        viewBox={`0 0 ${built.width} ${built.height}`}
        width={dimension}
        height={dimension}
        aria-hidden="true"
        focusable="false"
        data-icon={key}
        // The body comes from the installed icon set, never from content.
        dangerouslySetInnerHTML={{ __html: built.body }}
      />
    )
  }
  if (!iconSource) request(parsed[0], parsed[1])
  return <span className={`icon ${iconClass(key)} ${className ?? ''}`} style={size ? { width: size, height: size } : undefined} aria-hidden="true" />
}

/** Forgets loaded icons (tests). */
export function resetIcons() {
  icons.clear()
  wanted.clear()
  sheet?.remove()
  sheet = undefined
  ruled.clear()
}
