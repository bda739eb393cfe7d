import Markdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import remarkMdc from 'remark-mdc'

import type { ReactNode } from 'react'

import { PrefetchLink } from '../../components/ui/prefetch-link'
import type { PageBody } from '../../lib/content/body'
import { mdcComponents } from '../../lib/content/mdc-components'
import { prefetchPayload } from '../../lib/content/payload'

const inline = new Set(['badge', 'kbd', 'icon', 'span'])

/**
 * MDC components (`::note`, `::steps`, `:badge`) reach react-markdown as elements
 * named after the component. Until the docs renderer gives each its design, they
 * render as labelled containers around their content: never as unknown tags.
 */
const mdc: Components = Object.fromEntries(
  mdcComponents.map((name) => [
    name,
    ({ children, to }: { children?: ReactNode; to?: unknown }) =>
      name === 'read-more' && typeof to === 'string' ? (
        <p data-component={name}>
          <PrefetchLink to={to} prefetch={prefetchPayload}>
            {children ?? to}
          </PrefetchLink>
        </p>
      ) : inline.has(name) ? (
        <span data-component={name}>{children}</span>
      ) : (
        <div data-component={name}>{children}</div>
      ),
  ]),
)

const components: Components = {
  ...mdc,
  a: ({ href, children }) =>
    href?.startsWith('/') ? (
      <PrefetchLink to={href} prefetch={prefetchPayload}>
        {children}
      </PrefetchLink>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ),
}

/** Elements Markdown (GFM) produces, and the known MDC components; anything else is unwrapped. */
const allowed: ReadonlySet<string> = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'em', 'strong', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr', 'br', 'img', 'input', 'sup', 'section', 'div', 'span',
  ...mdcComponents,
])

/** A page body through react-markdown. Its own chunk: the Markdown parser is the app's heaviest dependency. */
export default function MarkdownBody({ body }: { body: PageBody }) {
  return (
    <div data-body="">
      <Markdown remarkPlugins={[remarkGfm, remarkMdc]} components={components} allowElement={(element) => allowed.has(element.tagName)} unwrapDisallowed>
        {body.value}
      </Markdown>
    </div>
  )
}
