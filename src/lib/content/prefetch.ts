import { hasMarkdown, type PageBody } from '@/contract/content/body'

import { whenIdle } from '../idle'
import { queryClient } from '../query-client'
import { preloadRoute } from '../route-preload'
import { docsCollectionOf } from './docs-versions'
import { contentClient } from './index'
import { contentPageQuery } from './page'
import { onPayloadFetched, prefetchPayload } from './payload'

/**
 * What prefetching a page prepares besides its data: the renderer's code, and the
 * page's Markdown parsed ahead of the click. The renderer registers itself here (see
 * components/markdown), so this module never imports it: content loading stays below
 * the components that draw it.
 */
export interface PageWarmer {
  loadCode: () => Promise<unknown>
  warmBody: (body: PageBody) => void
}

let warmer: PageWarmer | undefined

export function setPageWarmer(next: PageWarmer) {
  warmer = next
}

/**
 * Ahead of a click on a link: the renderer's code (see preloadRenderer) and the page's
 * data, by `reason`:
 * - once the link's docs version has its database loaded, a visible link's page is read
 *   from it into the query cache in an idle moment (at once for one the reader points
 *   at), so the click's loader finds it there without a round trip to the worker, and its
 *   Markdown is parsed ahead; nothing crosses the network;
 * - before that, a docs link's payload is fetched only when the reader points at,
 *   touches or focuses it: a sidebar shows a score of links, and their payloads would
 *   outweigh the page. A visible one is read from the database once that has loaded
 *   (the page's own version loads after first paint; another version's never starts
 *   loading for a link);
 * - any other page's payload is fetched once its link is in view.
 */
export function prefetchPage(path: string, reason: 'sight' | 'intent' = 'sight') {
  preloadRenderer(reason)
  const collection = docsCollectionOf(path)
  if (collection && contentClient.isReady(collection)) {
    if (reason === 'intent') readAhead(path)
    else whenIdle(() => readAhead(path))
  } else if (collection && reason === 'sight') {
    awaitDatabase(collection, path)
  } else {
    prefetchPayload(path, { intent: reason === 'intent' })
  }
}

/** Whether an idle moment is already set aside for the renderer's code (a page shows a score of links). */
let rendererWaiting = false

/**
 * The renderer's code ahead of a click (one of at most five code preloads at once): at
 * once for a link the reader points at, in an idle moment for one in view (a page's
 * links come into view while it starts, and the code would be evaluated in the middle
 * of its start-up).
 */
function preloadRenderer(reason: 'sight' | 'intent') {
  const load = warmer?.loadCode
  if (!load) return
  if (reason === 'intent') return preloadRoute(load)
  if (rendererWaiting) return
  rendererWaiting = true
  whenIdle(() => {
    rendererWaiting = false
    preloadRoute(load)
  })
}

/** Docs links seen before their version's database was loaded, by collection, most recent last. */
const awaiting = new Map<string, Set<string>>()
/** At most this many wait per version; older ones have likely scrolled away. */
const MAX_AWAITING = 32

function awaitDatabase(collection: string, path: string) {
  let paths = awaiting.get(collection)
  if (!paths) {
    const waiting = new Set<string>()
    awaiting.set(collection, (paths = waiting))
    void contentClient.whenReady(collection).then(() => {
      awaiting.delete(collection)
      for (const waited of waiting) prefetchPage(waited)
    })
  }
  paths.delete(path)
  paths.add(path)
  if (paths.size > MAX_AWAITING) paths.delete(paths.values().next().value ?? '')
}

/** The page at `path` from its version's database into the query cache, its Markdown parsed. */
function readAhead(path: string) {
  void queryClient
    .ensureQueryData(contentPageQuery(path))
    .then((loaded) => {
      const body: unknown = loaded?.data.page?.body
      if (hasMarkdown(body)) warmer?.warmBody(body)
    })
    .catch(() => undefined)
}

// Every prefetched page has its Markdown parsed in an idle moment, so its click only renders.
onPayloadFetched((payload) => {
  const body: unknown = payload.page?.body
  if (hasMarkdown(body)) warmer?.warmBody(body)
})
