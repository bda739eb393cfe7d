import Markdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import remarkMdc from 'remark-mdc'

import { PrefetchLink } from '../../components/ui/prefetch-link'
import type { PageBody } from '../../lib/content/body'
import { prefetchPayload } from '../../lib/content/payload'

const components: Components = {
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

/** A page body through react-markdown. Its own chunk: the Markdown parser is the app's heaviest dependency. */
export default function MarkdownBody({ body }: { body: PageBody }) {
  return (
    <div data-body="">
      <Markdown remarkPlugins={[remarkGfm, remarkMdc]} components={components}>
        {body.value}
      </Markdown>
    </div>
  )
}
