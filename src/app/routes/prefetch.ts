import { lazy } from 'react'

import { reloadAfterChunkError } from '../../lib/chunk-reload'
import { isPageBody } from '../../lib/content/body'
import { docsVersions } from '../docs-versions'
import { contentClient, queryCollection } from '../../lib/content/index'
import { docsCollectionOf } from '../../lib/content/page'
import { onPayloadFetched, prefetchPayload } from '../../lib/content/payload'
import { whenIdle } from '../../lib/idle'
import { preloadRoute } from '../../lib/route-preload'

// Started by the loaders, so the renderer downloads while the page data does.
let markdownModule: Promise<typeof import('./markdown-body')> | undefined
export const loadMarkdown = () =>
  (markdownModule ??= import('./markdown-body').catch((error: unknown) => {
    markdownModule = undefined
    // A chunk gone after a deploy: reload once for the new build, else it is a real error.
    if (reloadAfterChunkError(window)) return new Promise<never>(() => {})
    throw error
  }))

/** The Markdown renderer: react-markdown and remark-mdc, in their own chunk. */
export const MarkdownBody = lazy(loadMarkdown)

/** Ahead of a click on a visible link: the page's payload and the route's code (at most five code preloads at once). */
export function prefetchPage(path: string) {
  preloadRoute(loadMarkdown)
  // Once a docs version's database is loaded it answers in a millisecond: no payload to
  // fetch, but the page's Markdown is still parsed ahead in an idle moment.
  const collection = docsCollectionOf(path, docsVersions)
  if (collection && contentClient.isReady(collection)) {
    whenIdle(() =>
      void Promise.all([queryCollection(collection).select('body').where('path', '=', path).first(), loadMarkdown()])
        .then(([row, markdown]) => (isPageBody(row?.body) ? markdown.warmBody(row.body) : undefined))
        .catch(() => undefined),
    )
    return
  }
  prefetchPayload(path)
}


// Every prefetched page has its Markdown parsed in an idle moment, so its click only renders.
onPayloadFetched((payload) => {
  const body: unknown = payload.page?.body
  if (!isPageBody(body)) return
  void loadMarkdown()
    .then((markdown) => whenIdle(() => markdown.warmBody(body)))
    .catch(() => undefined)
})

