import type { Root as HastRoot } from 'hast'
import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import { Fragment, memo, startTransition, use, useEffect, useId, useInsertionEffect, useMemo, useRef, useState } from 'react'
import { jsx, jsxs } from 'react/jsx-runtime'
import type { Components } from 'react-markdown'

import { isPageBody, type PageBody } from '@/contract/content/body'
import { contentPageQuery } from '@/lib/content/page'
import { payloadQuery } from '@/lib/content/payload'
import { queryClient } from '@/lib/query-client'
import { adoptStyles } from '@/lib/style-sheet'

import { canDrawNow, drawnInParts, treeLater, treeNow } from './body-parsing'
import { partCount } from './body-parts'
import { paletteCss } from './code-block'
import { createComponents } from './component-map'

import './markdown.css'

// The renderer's chunk is what the app loads for a body: it also warms bodies ahead of need.
export { bodyStats, loadParser, parseBeforeFirstRender, PARSE_BEFORE_RENDER_TIMEOUT_MS, parseWith, WARMED_PARTS, warmBody } from './body-parsing'

/**
 * A page body: its Markdown parsed once (cached) into a tree, rendered with one
 * whitelisted component map. Memoised on the body, so a re-render of the page around
 * it (navigation state, scroll-spy) does not rebuild it. Its own chunk, without the
 * Markdown parser (the app's heaviest dependency): trees come from the parsing worker,
 * and the parser's own chunk is fetched only for one the worker cannot give.
 *
 * The code colours go in through the CSS object model in the browser; the prerender
 * (no document) writes a `<style>` element, whose hash the build gives the page's
 * Content-Security-Policy.
 */
const MarkdownBody = memo(function MarkdownBody({ body }: { body: PageBody }) {
  const scope = `body-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  const components = useMemo(() => createComponents(body), [body])
  // A long body opened by the app (not over its prerendered copy, and not for an anchor
  // further down) is parsed and drawn a part at a time: the heading paints without
  // waiting for thousands of lines below the fold, which follow one part per render.
  // (A state set after each commit rather than useDeferredValue: navigations render in
  // a transition, where a deferred value is the new one at once.)
  // A body drawn whole draws at once the parts it can (the loader made sure of them, see
  // `parseBeforeFirstRender`), and any other the same way, in the renders after.
  const count = partCount(body)
  const whole = count === 1 || !drawnInParts(locationHash())
  const first = whole ? drawableParts(body, count) : 1
  const [drawn, setDrawn] = useState<{ body: PageBody; parts: number } | null>(null)
  const shown = drawn?.body === body ? Math.max(drawn.parts, first) : first
  const waited = useRef<PageBody | null>(null)
  useEffect(() => {
    if (shown < count) {
      if (whole) waited.current = body
      startTransition(() => setDrawn({ body, parts: shown + 1 }))
    } else if (waited.current === body) {
      // The router scrolled to the link's anchor before the part holding it was drawn.
      waited.current = null
      anchorTarget()?.scrollIntoView()
    }
  }, [shown, count, body, whole])
  const css = body.palette.length ? paletteCss(`#${scope}`, body.palette) : ''
  useInsertionEffect(() => (css ? adoptStyles(css) : undefined), [css])
  return (
    <div className="prose" data-body="" data-complete={shown === count} id={scope}>
      {css && typeof document === 'undefined' ? <style>{css}</style> : null}
      {Array.from({ length: shown }, (_, part) => (
        <BodyPart key={part} body={body} part={part} components={components} />
      ))}
    </div>
  )
})

/**
 * One part of a body, drawn from its parsed tree. A part not at hand (a long body's later
 * part, not parsed ahead) is drawn in a transition, which keeps the parts drawn so far
 * on screen while it waits for the worker or the parser's chunk.
 */
const BodyPart = memo(function BodyPart({ body, part, components }: { body: PageBody; part: number; components: Components }) {
  const tree = treeNow(body, part)
  return tree ? <PartTree tree={tree} components={components} /> : <AwaitedPart body={body} part={part} components={components} />
})

/** A part waited for: its own component, so each of its renders asks `use` for the same tree. */
function AwaitedPart({ body, part, components }: { body: PageBody; part: number; components: Components }) {
  return <PartTree tree={use(treeLater(body, part))} components={components} />
}

const PartTree = memo(function PartTree({ tree, components }: { tree: HastRoot; components: Components }) {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components, ignoreInvalidStyle: true, passKeys: true, passNode: true })
})

/** How many of a body's first parts can be drawn now (at least the first, which its loader prepared). */
function drawableParts(body: PageBody, count: number): number {
  let parts = 1
  while (parts < count && canDrawNow(body, parts)) parts++
  return parts
}

function locationHash(): string {
  return typeof window === 'undefined' ? '' : window.location.hash
}

/** The element the URL's fragment names, as the router finds it. */
function anchorTarget(): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(locationHash().slice(1)))
  } catch {
    return null
  }
}

export default MarkdownBody

/**
 * Whether the page at `path` is read ahead (for the journeys, and anyone curious): its
 * data here (from its version's database, or its payload) and its body drawable at once.
 */
export function readAhead(path: string): boolean {
  const page = queryClient.getQueryData(contentPageQuery(path).queryKey)?.data.page ?? queryClient.getQueryData(payloadQuery(path).queryKey)?.page
  const body = page?.body
  return isPageBody(body) && canDrawNow(body, 0)
}
