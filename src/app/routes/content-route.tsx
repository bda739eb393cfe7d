import { Suspense } from 'react'
import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom'

import { PrefetchLink } from '../../components/ui/prefetch-link'
import { isPageBody } from '../../lib/content/body'
import { docsCollectionOf, loadContentPage, type LoadedPage } from '../../lib/content/page'
import { getRedirects } from '../../lib/app-manifest'
import { docsVersions } from '../docs-versions'
import { pageError } from './error-page'
import { usePageTitle, useWarmCollection } from './page-effects'
import { loadMarkdown, MarkdownBody, prefetchPage } from './prefetch'


/**
 * A content route's loader. A page whose data does not exist fails validation: the
 * fatal 404 'Page Not Found: {path}', unless the build manifest redirects the path (an
 * external target leaves the site with a full page load).
 */
export async function contentLoader({ request }: LoaderFunctionArgs): Promise<LoadedPage> {
  const path = new URL(request.url).pathname
  const [loaded] = await Promise.all([loadContentPage(path, docsVersions), loadMarkdown()])
  if (loaded) return loaded
  await followRedirect(path)
  throw data(pageError(404, `Page Not Found: ${path}`, true), { status: 404 })
}

/**
 * The build manifest's redirect for `path`, if it has one: a site path is a router
 * redirect; an external target leaves the site by a full page load.
 */
async function followRedirect(path: string): Promise<void> {
  const target = (await getRedirects())[path]
  if (!target) return
  if (target.startsWith('/')) throw redirect(target)
  window.location.assign(target)
  await new Promise<never>(() => {})
}

/** A path no route matches: the non-fatal 404 'Page not found: {path}' (unless redirected). */
export async function unmatchedLoader({ request }: LoaderFunctionArgs): Promise<never> {
  const path = new URL(request.url).pathname
  await followRedirect(path)
  throw data(pageError(404, `Page not found: ${path}`, false), { status: 404 })
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

  useWarmCollection(collection)

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

