import type { Root as HastRoot } from 'hast'
import siteComponents from 'virtual:fjord-content-components'

import type { PageBody } from '@/contract/content/body'
import { reloadAfterChunkError } from '@/lib/chunk-reload'
import { whenIdle } from '@/lib/idle'

import { BodyParser } from './body-parser'
import { partCount } from './body-parts'
import type { bodyTree } from './body-tree'

/**
 * Where and when bodies are parsed into trees: in the parsing worker ahead of need (a
 * prefetched link, the first page's render), a part at a time, into one cache the
 * renderer reads; on the main thread only for what is not there when it is drawn. The
 * parser on the main thread is a chunk of its own (body-tree.ts), fetched only then: the
 * renderer's chunk, which every page with a body loads, does not carry it.
 */

/** The site's own components: elements by these names are drawn, not unwrapped. */
const siteComponentNames: ReadonlySet<string> = new Set(Object.keys(siteComponents))

/** Parsed trees by Markdown text, per part: a page read again, or warmed ahead of a click, is not parsed twice. */
const trees = new Map<string, HastRoot[]>()
const MAX_TREES = 40

/**
 * Trees awaited by a render, by text and part: the same promise on each try, pending or
 * settled (React's `use` reads it again when it retries); let go with the text's trees.
 */
const awaited = new Map<string, Map<number, Promise<HastRoot>>>()

function treesOf(value: string): HastRoot[] {
  let parsed = trees.get(value)
  if (parsed) trees.delete(value)
  else if (trees.size >= MAX_TREES) {
    const oldest = trees.keys().next().value ?? ''
    trees.delete(oldest)
    awaited.delete(oldest)
  }
  parsed ??= []
  trees.set(value, parsed)
  return parsed
}

type Parse = typeof bodyTree

/** The parser on this thread, once its chunk is in (or given by the prerender). */
let parseHere: Parse | undefined
let parserChunk: Promise<Parse> | undefined

/**
 * The parser's chunk on this thread, for a tree the worker cannot give: no worker, a
 * worker that failed, or a part not parsed ahead that a render draws at once.
 */
export function loadParser(): Promise<Parse> {
  return (parserChunk ??= import('./body-tree').then(
    (module) => (parseHere = module.bodyTree),
    (error: unknown) => {
      parserChunk = undefined
      // A chunk gone after a deploy: reload once for the new build, else it is a real error.
      if (typeof window !== 'undefined' && reloadAfterChunkError(window)) return new Promise<never>(() => {})
      throw error
    },
  ))
}

/** For the prerender, which draws in one synchronous pass: the parser given at once, no chunk to wait for. */
export function parseWith(parse: Parse) {
  parseHere = parse
}

/** Whether a part of a body can be drawn now: its tree is cached, or the parser is here to make it. */
export function canDrawNow(body: PageBody, part: number): boolean {
  return Boolean(parseHere || trees.get(body.value)?.[part])
}

/** A part of a body as a tree, if it can be had now: from the cache, else parsed here (when the parser is in) and cached. */
export function treeNow(body: PageBody, part: number): HastRoot | undefined {
  return parseHere ? parsedHere(body, part, parseHere) : treesOf(body.value)[part]
}

/**
 * A part of a body as a tree once it can be had: from the worker, else parsed here once
 * the parser's chunk is in. For a part drawn in a later render (a long body's next part),
 * which can wait for it.
 */
export function treeLater(body: PageBody, part: number): Promise<HastRoot> {
  let parts = awaited.get(body.value)
  if (!parts) awaited.set(body.value, (parts = new Map()))
  let pending = parts.get(part)
  if (!pending) {
    pending = parseInWorker(body, part)
      .then(async () => treeNow(body, part) ?? parsedHere(body, part, await loadParser()))
      .catch((error: unknown) => {
        // Asked again on the next render: a chunk that failed to load may load then.
        parts.delete(part)
        throw error
      })
    parts.set(part, pending)
  }
  return pending
}

function parsedHere(body: PageBody, part: number, parse: Parse): HastRoot {
  return (treesOf(body.value)[part] ??= parse(body, part, siteComponentNames))
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
    if (!inWorker) whenIdle(() => void loadParser().then((parse) => parsedHere(body, 0, parse)))
  })
  for (let part = 1; part < Math.min(partCount(body), WARMED_PARTS); part++) void parseInWorker(body, part)
}

/** How long the first page's render waits for its body from the worker before parsing what is missing itself. */
export const PARSE_BEFORE_RENDER_TIMEOUT_MS = 1000

/**
 * Whether a long body is drawn a part at a time, the first at once and one more each
 * render after: not in the prerender, not over the page's prerendered copy (it would
 * shrink under the reader), not for a link to an anchor (it may be further down).
 */
export function drawnInParts(hash: string): boolean {
  return typeof document !== 'undefined' && !document.getElementById('prerendered') && hash.length <= 1
}

/**
 * Before a page's first render, the parts of its body that render draws at once can be
 * drawn at once. The first page of a visit is drawn by the app over its prerendered copy,
 * which the reader already sees and can read: its body is parsed in the worker (every
 * part) beforehand, so the render only draws it: parsed there, it made most of the
 * render's one long task, which a phone feels four times over. Past
 * PARSE_BEFORE_RENDER_TIMEOUT_MS the parser's chunk is fetched too, and whichever comes
 * first draws it. A later page draws its first part at once: warmed ahead of its click,
 * or else from the worker or parsed by the render itself, whichever can be first (the
 * parser's chunk is fetched for it). (A link to an
 * anchor draws a long body whole, but the loader does not see the fragment: the render
 * draws the parts at hand and the others as they come, see markdown-body.tsx.)
 */
export async function parseBeforeFirstRender(body: PageBody): Promise<void> {
  const count = partCount(body)
  const overCopy = typeof document !== 'undefined' && Boolean(document.getElementById('prerendered'))
  if (overCopy) {
    const parsed = Promise.all(Array.from({ length: count }, (_, part) => parseInWorker(body, part)))
    let timer: ReturnType<typeof setTimeout> | undefined
    const inTime = await Promise.race([parsed.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PARSE_BEFORE_RENDER_TIMEOUT_MS)))])
    clearTimeout(timer)
    // Late (a slow phone starting the worker): whichever comes first, the worker's trees or the parser here.
    if (!inTime) await Promise.race([parsed, loadParser()])
  }
  const atOnce = drawnInParts('') ? 1 : count
  const missing = Array.from({ length: atOnce }, (_, part) => part).filter((part) => !canDrawNow(body, part))
  if (!missing.length) return
  if (overCopy) {
    await loadParser()
    return
  }
  // A click on a page not read ahead: the worker, already running, may well answer before the parser's chunk is in.
  await Promise.race([Promise.all(missing.map((part) => parseInWorker(body, part))).then((parsed) => (parsed.every(Boolean) ? undefined : loadParser())), loadParser()])
}

/** How the bodies warmed ahead were parsed, for the journeys and for anyone curious in devtools. */
export const bodyStats = parser.stats
