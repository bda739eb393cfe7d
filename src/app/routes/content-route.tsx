import { lazy, Suspense, useEffect } from 'react'
import { data, useLoaderData, useRouteError, type LoaderFunctionArgs } from 'react-router-dom'

import { PrefetchLink } from '../../components/ui/prefetch-link'
import { site as siteConfig } from '../../config/site'
import type { PageBody } from '../../lib/content/body'
import type { DocsCollectionName } from '../../lib/content/collection-types'
import { contentClient } from '../../lib/content/index'
import { docsCollectionOf, loadContentPage, type DocsVersionRoute, type LoadedPage } from '../../lib/content/page'
import { prefetchPayload } from '../../lib/content/payload'

const docsVersions: DocsVersionRoute[] = siteConfig.docs.versions.flatMap((v) => (isDocsCollection(v.collection) ? [{ path: v.path, collection: v.collection }] : []))

function isDocsCollection(name: string): name is DocsCollectionName {
  return name === 'docsv4' || name === 'docsv3'
}

// Started by the loader, so the renderer downloads while the page data does.
let markdownModule: Promise<typeof import('./markdown-body')> | undefined
const loadMarkdown = () => (markdownModule ??= import('./markdown-body'))
const MarkdownBody = lazy(loadMarkdown)

export async function contentLoader({ request }: LoaderFunctionArgs): Promise<LoadedPage> {
  const path = new URL(request.url).pathname
  const [loaded] = await Promise.all([loadContentPage(path, docsVersions), loadMarkdown()])
  if (!loaded) throw data(`Page not found: ${path}`, { status: 404, statusText: 'Page not found' })
  return loaded
}

/**
 * A content route: the page from its payload or its collection's database. Once the
 * page is on screen, an idle moment loads the collection's database so the next
 * pages come from it.
 */
export function ContentRoute() {
  const { source, data: payload } = useLoaderData<LoadedPage>()
  const page = payload.page
  const collection = docsCollectionOf(payload.path, docsVersions)

  useEffect(() => {
    if (!collection || contentClient.isReady(collection)) return
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1))
    idle(() => void contentClient.warm(collection))
  }, [collection])

  const title = typeof page?.title === 'string' ? page.title : ''
  useEffect(() => {
    document.title = title ? `${title} · ${siteConfig.brand.name}` : siteConfig.brand.tagline
  }, [title])

  const body = isBody(page?.body) ? page.body : undefined
  const [previous, next] = payload.surround ?? [null, null]
  return (
    <main data-source={source}>
      {title ? <h1>{title}</h1> : null}
      {typeof page?.description === 'string' && page.description ? <p>{page.description}</p> : null}
      {body ? (
        <Suspense>
          <MarkdownBody body={body} />
        </Suspense>
      ) : null}
      {payload.lists
        ? Object.entries(payload.lists).map(([name, rows]) => (
            <ul key={name} aria-label={name}>
              {rows.map((row) => (
                <li key={String(row.id)}>{String(row.title ?? row.name ?? row.id)}</li>
              ))}
            </ul>
          ))
        : null}
      {previous || next ? (
        <nav aria-label="Previous and next pages">
          {previous ? (
            <PrefetchLink to={previous.path} prefetch={prefetchPayload}>
              Previous: {previous.title}
            </PrefetchLink>
          ) : null}{' '}
          {next ? (
            <PrefetchLink to={next.path} prefetch={prefetchPayload}>
              Next: {next.title}
            </PrefetchLink>
          ) : null}
        </nav>
      ) : null}
    </main>
  )
}

export function ContentError() {
  const error = useRouteError()
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500
  const message = typeof error === 'object' && error !== null && 'data' in error ? String(error.data) : 'Something went wrong.'
  return (
    <main data-status={status}>
      <h1>{status}</h1>
      <p>{message}</p>
      <a href="/">Back to home</a>
    </main>
  )
}

function isBody(value: unknown): value is PageBody {
  return typeof value === 'object' && value !== null && 'value' in value && typeof value.value === 'string'
}
