import type { Root as HastRoot } from 'hast'
import siteComponents from 'virtual:fjord-content-components'

import type { PageBody } from '@/contract/content/body'
import { whenIdle } from '@/lib/idle'

import { BodyParser } from './body-parser'
import { bodyTree, partCount } from './body-tree'

/**
 * Where and when bodies are parsed into trees: in the parsing worker ahead of need (a
 * prefetched link, the first page's render), a part at a time, into one cache the
 * renderer reads; on the main thread only for what is not there when it is drawn.
 */

/** The site's own components: elements by these names are drawn, not unwrapped. */
const siteComponentNames: ReadonlySet<string> = new Set(Object.keys(siteComponents))

/** Parsed trees by Markdown text, per part: a page read again, or warmed ahead of a click, is not parsed twice. */
const trees = new Map<string, HastRoot[]>()
const MAX_TREES = 40

function treesOf(value: string): HastRoot[] {
  let parsed = trees.get(value)
  if (parsed) trees.delete(value)
  else if (trees.size >= MAX_TREES) trees.delete(trees.keys().next().value ?? '')
  parsed ??= []
  trees.set(value, parsed)
  return parsed
}

/** A part of a body as a tree: from the cache, else parsed here and cached. */
export function cachedTree(body: PageBody, part: number): HastRoot {
  return (treesOf(body.value)[part] ??= bodyTree(body, part, siteComponentNames))
}

const parser = new BodyParser()
/** Parts of bodies sent to the worker and not yet back, by text and part: each is sent once. */
const inFlight = new Map<string, Map<number, Promise<boolean>>>()

/**
 * A part of a body parsed in the worker, into the cache the renderer reads: resolves
 * true once it is there (at once if it already was), false where no worker runs.
 */
function parseInWorker(body: PageBody, part: number): Promise<boolean> {
  if (trees.get(body.value)?.[part]) return Promise.resolve(true)
  let parts = inFlight.get(body.value)
  if (!parts) inFlight.set(body.value, (parts = new Map()))
  let pending = parts.get(part)
  if (!pending) {
    pending = parser.parse(body, siteComponentNames, part).then((tree) => {
      parts.delete(part)
      if (parts.size === 0) inFlight.delete(body.value)
      if (tree) treesOf(body.value)[part] ??= tree
      return Boolean(tree)
    })
    parts.set(part, pending)
  }
  return pending
}

/**
 * How many parts of a body a link warms: the first and those drawn in the renders right
 * after it (at most 27,000 characters of Markdown a link). A page's links warm dozens of
 * bodies, kept in the cache above; a very long page's later parts are parsed while the
 * reader reads its top.
 */
export const WARMED_PARTS = 4

/**
 * Parses a body ahead of need (a prefetched link), so its click only renders: in the
 * parsing worker, off the main thread, since a page loading reads a score of the links
 * it shows ahead and parsing each would hold the main thread for tens of milliseconds
 * on a phone. A long body's first WARMED_PARTS go to the worker: its later parts are
 * drawn right after the first, and one parsed then held up the frame showing the new
 * page. Where no worker can run, the first part in an idle moment here (the others are
 * drawn a render at a time anyway). A link seen and then pointed at is warmed twice:
 * the second waits on the first.
 */
export function warmBody(body: PageBody) {
  void parseInWorker(body, 0).then((inWorker) => {
    if (!inWorker) whenIdle(() => cachedTree(body, 0))
  })
  for (let part = 1; part < Math.min(partCount(body), WARMED_PARTS); part++) void parseInWorker(body, part)
}

/** How long the first page's render waits for its body from the worker before parsing what is missing itself. */
export const PARSE_BEFORE_RENDER_TIMEOUT_MS = 1000

/**
 * The first page of a visit is drawn by the app over its prerendered copy, which the
 * reader already sees and can read. Its body is parsed in the worker (every part) before
 * the app's first render, which then only draws it: parsed there, it made most of the
 * render's one long task, which a phone feels four times over. Waits at most PARSE_BEFORE_RENDER_TIMEOUT_MS; whatever is not
 * back by then, or where no worker runs, the render parses as it would have.
 */
export async function parseBeforeFirstRender(body: PageBody): Promise<void> {
  if (typeof document === 'undefined' || !document.getElementById('prerendered')) return
  const parsed = Promise.all(Array.from({ length: partCount(body) }, (_, part) => parseInWorker(body, part)))
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([parsed, new Promise((resolve) => (timer = setTimeout(resolve, PARSE_BEFORE_RENDER_TIMEOUT_MS)))])
  clearTimeout(timer)
}

/** How the bodies warmed ahead were parsed, for the journeys and for anyone curious in devtools. */
export const bodyStats = parser.stats
