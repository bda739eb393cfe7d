import { whenIdle } from '../idle'
import { preloadRoute } from '../route-preload'
import { isPageBody, type PageBody } from './body'
import { docsCollectionOf } from './docs-versions'
import { contentClient, queryCollection } from './index'
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

/** Ahead of a click on a visible link: the page's payload and the route's code (at most five code preloads at once). */
export function prefetchPage(path: string) {
  if (warmer) preloadRoute(warmer.loadCode)
  // Once a docs version's database is loaded it answers in a millisecond: no payload to
  // fetch, but the page's Markdown is still parsed ahead in an idle moment.
  const collection = docsCollectionOf(path)
  if (collection && contentClient.isReady(collection)) {
    whenIdle(
      () =>
        void queryCollection(collection)
          .select('body')
          .where('path', '=', path)
          .first()
          .then((row) => (isPageBody(row?.body) ? warmer?.warmBody(row.body) : undefined))
          .catch(() => undefined),
    )
    return
  }
  prefetchPayload(path)
}

// Every prefetched page has its Markdown parsed in an idle moment, so its click only renders.
onPayloadFetched((payload) => {
  const body: unknown = payload.page?.body
  if (isPageBody(body)) warmer?.warmBody(body)
})
