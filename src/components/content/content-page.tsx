import { Suspense } from 'react'

import { isPageBody } from '@/contract/content/body'
import { docsCollectionOf } from '@/lib/content/docs-versions'
import type { LoadedPage } from '@/lib/content/page'
import { prefetchPage } from '@/lib/content/prefetch'
import { usePageTitle, useWarmCollection } from '@/lib/page-effects'

import { MarkdownBody } from '../markdown'
import { PrefetchLink } from '../ui/prefetch-link'

/**
 * A plain Markdown page: title, description, the body through the one renderer, and
 * previous/next when the page has them. Once it is on screen, an idle moment loads
 * its collection's database so the next pages come from it.
 */
export function ContentPage({ loaded }: { loaded: LoadedPage }) {
  const { source, data: payload } = loaded
  const page = payload.page
  useWarmCollection(docsCollectionOf(payload.path))

  // Data rows (a module on /modules/<name>) are titled by their name.
  const title = typeof page?.title === 'string' ? page.title : typeof page?.name === 'string' ? page.name : ''
  usePageTitle(title || undefined)

  const body = isPageBody(page?.body) ? page.body : undefined
  const [previous, next] = payload.surround ?? [null, null]
  return (
    <main id="main" tabIndex={-1} className="page container" data-source={source}>
      {title ? <h1>{title}</h1> : null}
      {typeof page?.description === 'string' && page.description ? <p>{page.description}</p> : null}
      {body ? (
        <Suspense>
          <MarkdownBody body={body} />
        </Suspense>
      ) : null}
      {previous || next ? (
        <nav aria-label="Previous and next pages">
          {previous ? (
            <PrefetchLink to={previous.path} prefetch={prefetchPage}>
              Previous: {previous.title}
            </PrefetchLink>
          ) : null}{' '}
          {next ? (
            <PrefetchLink to={next.path} prefetch={prefetchPage}>
              Next: {next.title}
            </PrefetchLink>
          ) : null}
        </nav>
      ) : null}
    </main>
  )
}
