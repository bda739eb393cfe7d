import { lazy } from 'react'

import { reloadAfterChunkError } from '../../lib/chunk-reload'
import { setPageWarmer } from '../../lib/content/prefetch'
import { whenIdle } from '../../lib/idle'

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

// A prefetched page gets the renderer's code and its Markdown parsed in an idle moment.
setPageWarmer({
  loadCode: loadMarkdown,
  warmBody: (body) =>
    void loadMarkdown()
      .then((markdown) => whenIdle(() => markdown.warmBody(body)))
      .catch(() => undefined),
})
