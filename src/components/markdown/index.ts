import { type ComponentProps, createElement, use } from 'react'

import { isPageBody } from '@/contract/content/body'
import { reloadAfterChunkError } from '@/lib/chunk-reload'
import { setPageWarmer } from '@/lib/content/prefetch'

type MarkdownModule = typeof import('./markdown-body')

// Started by the loaders, so the renderer downloads while the page data does.
let markdownModule: Promise<MarkdownModule> | undefined
let loaded: MarkdownModule | undefined
export const loadMarkdown = () =>
  (markdownModule ??= import('./markdown-body').then(
    (module) => (loaded = module),
    (error: unknown) => {
      markdownModule = undefined
      // A chunk gone after a deploy: reload once for the new build, else it is a real error.
      if (reloadAfterChunkError(window)) return new Promise<never>(() => {})
      throw error
    },
  ))

/**
 * For a route's loader, once its data is in: the renderer's code and what its first render
 * draws of the body (see `parseBeforeFirstRender`): when the page is drawn over its
 * prerendered copy, parsed in the worker beforehand, so the app's first render does not
 * parse it; else from the bodies warmed ahead, or with the parser's chunk fetched for the
 * render to parse it.
 */
export async function prepareBody(body: unknown): Promise<void> {
  const markdown = await loadMarkdown()
  if (isPageBody(body)) await markdown.parseBeforeFirstRender(body)
}

/**
 * For a route whose loader does not hand its body to `prepareBody`: the renderer with the
 * parser on this thread, so its first render parses whatever it draws.
 */
export async function loadMarkdownWithParser(): Promise<MarkdownModule> {
  const markdown = await loadMarkdown()
  await markdown.loadParser()
  return markdown
}

/**
 * The Markdown renderer: parsed trees drawn as React, in their own chunk (the parser is
 * another, see body-parsing.ts). Once the
 * chunk is in (the loaders wait for it), it is drawn in the render that asks for it,
 * even the first time: a route change renders at once, not as a transition, and
 * `React.lazy` would suspend that first render and show the page without its body
 * for a frame. Before, the render waits for the chunk in the nearest Suspense.
 */
export function MarkdownBody(props: ComponentProps<MarkdownModule['default']>) {
  const module = loaded ?? use(loadMarkdown())
  return createElement(module.default, props)
}

// A prefetched page gets the renderer's code and its Markdown parsed in an idle moment.
setPageWarmer({
  loadCode: loadMarkdown,
  warmBody: (body) =>
    void loadMarkdown()
      .then((markdown) => markdown.warmBody(body))
      .catch(() => undefined),
})
