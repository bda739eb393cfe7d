import { QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouter, StaticRouterProvider } from 'react-router-dom'

import { DEFAULT_HERO_OPACITY, HeroBackgroundView, heroOpacityOf } from './app/layouts/default-layout'
import { Footer } from './app/layouts/footer'
import { Header } from './app/layouts/header'
import { AppProviders } from './app/providers'
import { type RouteHandle, routes } from './app/router'
import { loadMarkdown } from './components/markdown'
import { bodyTree } from './components/markdown/body-tree'
import MarkdownBody, { parseWith } from './components/markdown/markdown-body'
import { site, sitePath } from './config/site'
import { type DocsData, DocsPageView } from './features/docs'
import type { NavItem } from './lib/content/index'
import { type PagePayload, payloadQuery } from './lib/content/payload'
import { createQueryClient, queryClient } from './lib/query-client'
import { styleAttributesToRules } from './lib/static-styles'

/**
 * Built by `vite build --ssr` and called by the content build: a page's markup, the
 * same components the app renders. It goes into the page's index.html, so the first
 * paint needs no JavaScript; the app draws the same page when it starts and removes
 * this copy. Docs pages are drawn from their payload and their version's tree
 * (`renderDocsPage`); every other page by the app's own routes (`renderRoutePage`).
 *
 * The content build hands in the icon source (`setIconSource`), drawing icons from
 * the installed sets into the HTML: nothing here reaches into server code.
 */
export { setIconSource } from './components/ui/icon'

// The prerender draws a page in one synchronous pass: the Markdown parser is here from the start, not a chunk fetched on need as in the browser.
parseWith(bodyTree)

export function renderDocsPage(payload: PagePayload, navigation: NavItem[]): string {
  const data: DocsData = { source: 'payload', data: payload, navigation }
  // An empty cache per page: the header's stats render as loading, as in the app before they arrive.
  const html = styleAttributesToRules(
    renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <StaticRouter location={sitePath(payload.path)} basename={site.base}>
          <HeroBackgroundView opacity={heroOpacityOf(payload.page) ?? DEFAULT_HERO_OPACITY} />
          <Header />
          <DocsPageView data={data} pathname={payload.path} renderBody={(body) => <MarkdownBody body={body} />} />
          <Footer />
        </StaticRouter>
      </QueryClientProvider>,
    ),
    '#prerendered',
  )
  return withModules(html, [])
}

/** The Markdown renderer's module: its own chunk, with its own CSS. */
const MARKDOWN_MODULE = 'src/components/markdown/markdown-body.tsx'

/**
 * The markup, first naming the source modules whose CSS the page needs beyond the
 * entry's (Vite's manifest keys: the routes' modules, the Markdown renderer's where a
 * body is drawn): the build links their stylesheets in the page's head (content-build/outputs/html.ts).
 */
function withModules(html: string, modules: readonly string[]): string {
  const used = [...modules, ...(html.includes(' data-body=""') ? [MARKDOWN_MODULE] : [])]
  return used.length ? `<!--modules ${used.join(' ')}-->${html}` : html
}

/**
 * The pages' data for `renderRoutePage`: every non-docs route's payload, put in the
 * query cache the routes' loaders and pages read (a blog post also reads the blog's
 * list; the home page, the lists its payload carries). Nothing is fetched: a page that
 * needs a payload it was not given fails its prerender, naming it.
 */
export function setRoutePayloads(payloads: readonly PagePayload[]) {
  queryClient.clear()
  for (const payload of payloads) queryClient.setQueryData(payloadQuery(payload.path).queryKey, payload)
  queryClient.setQueryDefaults(['content'], {
    queryFn: ({ queryKey }) => Promise.reject(new Error(`the build gave the prerender no data for ${JSON.stringify(queryKey.slice(2))}`)),
  })
}

// Under the site's base, as the browser's router: links drawn here carry it, so a reader without JavaScript stays under it.
const handler = createStaticHandler(routes, { basename: site.base })

/**
 * A route's page as the app draws it (the site's frame, the route's page), its loaders
 * run against the payloads of `setRoutePayloads`. Throws when the route fails, redirects
 * or leaves part of the page waiting for data, so the build names the page.
 */
export async function renderRoutePage(path: string): Promise<string> {
  // The Markdown renderer is a chunk of its own, which the loaders wait for; loaded first, so no body waits for it.
  await loadMarkdown()
  const context = await handler.query(new Request(new URL(sitePath(path), 'http://prerender.invalid')))
  if (context instanceof Response) throw new Error(`the route answered ${context.status}${context.headers.get('location') ? ` (to ${context.headers.get('location')})` : ''}`)
  const error = context.errors ? Object.values(context.errors)[0] : undefined
  // A route with no page here (a site without a home page, say) is the app's 404: nothing to draw.
  if (isRouteErrorResponse(error) && error.status === 404) return ''
  if (error !== undefined) throw error instanceof Error ? error : new Error(`the route failed: ${JSON.stringify(error)}`)
  const html = renderToString(
    <AppProviders>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </AppProviders>,
  )
  // React marks a Suspense boundary it could not fill on the server this way.
  if (html.includes('<!--$!-->')) throw new Error('part of the page waited for data the build did not give it')
  const modules = context.matches.flatMap(({ route }) => {
    const handle = route.handle as Partial<RouteHandle> | undefined
    return handle?.module ? [handle.module] : []
  })
  return withModules(styleAttributesToRules(html, '#prerendered'), modules)
}
