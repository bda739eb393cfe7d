import { whenIdle } from '../idle'
import { preloadRoute } from '../route-preload'
import { isPageBody, type PageBody } from './body'
import { docsCollectionOf } from './docs-versions'
import { queryClient } from '../query-client'
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

/** Ahead of a click on a visible link: the page's payload and the route's code (at most five code preloads at once). */
export function prefetchPage(path: string) {
  if (warmer) preloadRoute(warmer.loadCode)
  // Once a docs version's database is loaded there is no payload to fetch: the page is
  // read from it into the query cache in an idle moment, so the click's loader finds it
  // there without a round trip to the worker, and its Markdown is parsed ahead.
  const collection = docsCollectionOf(path)
  if (collection && contentClient.isReady(collection)) {
    whenIdle(
      () =>
        void queryClient
          .ensureQueryData(contentPageQuery(path))
          .then((loaded) => {
            const body: unknown = loaded?.data.page?.body
            if (isPageBody(body)) warmer?.warmBody(body)
          })
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
