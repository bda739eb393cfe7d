import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import { Fragment, memo, startTransition, useEffect, useId, useInsertionEffect, useMemo, useState } from 'react'
import { jsx, jsxs } from 'react/jsx-runtime'
import type { Components } from 'react-markdown'

import type { PageBody } from '@/contract/content/body'
import { adoptStyles } from '@/lib/style-sheet'

import { cachedTree } from './body-parsing'
import { partCount } from './body-tree'
import { paletteCss } from './code-block'
import { createComponents } from './component-map'

import './markdown.css'

// The renderer's chunk is what the app loads for a body: it also warms bodies ahead of need.
export { bodyStats, parseBeforeFirstRender, PARSE_BEFORE_RENDER_TIMEOUT_MS, WARMED_PARTS, warmBody } from './body-parsing'

/**
 * A page body: its Markdown parsed once (cached) into a tree, rendered with one
 * whitelisted component map. Memoised on the body, so a re-render of the page around
 * it (navigation state, scroll-spy) does not rebuild it. Its own chunk: the Markdown
 * parser is the app's heaviest dependency.
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
  const count = partCount(body)
  const progressive = count > 1 && canDrawInParts()
  const [drawn, setDrawn] = useState<{ body: PageBody; parts: number } | null>(null)
  const shown = !progressive ? count : drawn?.body === body ? drawn.parts : 1
  useEffect(() => {
    if (shown < count) startTransition(() => setDrawn({ body, parts: shown + 1 }))
  }, [shown, count, body])
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

/** One part of a body, drawn from its parsed tree. */
const BodyPart = memo(function BodyPart({ body, part, components }: { body: PageBody; part: number; components: Components }) {
  return useMemo(
    () => toJsxRuntime(cachedTree(body, part), { Fragment, jsx, jsxs, components, ignoreInvalidStyle: true, passKeys: true, passNode: true }),
    [body, part, components],
  )
})

/** False in the prerender, over the page's prerendered copy (it would shrink under the reader) and for a link to an anchor. */
function canDrawInParts(): boolean {
  return typeof document !== 'undefined' && !document.getElementById('prerendered') && window.location.hash.length <= 1
}

export default MarkdownBody
