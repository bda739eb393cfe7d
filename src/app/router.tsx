import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom'

import { paths } from '../config/paths'
import { DocsPage, docsLoader } from '../features/docs'
import { routeNotFound } from '../lib/errors'
import { ErrorPage } from './error-page'
import { DefaultLayout } from './layouts/default-layout'
import { guardRoute } from './middleware'

const relative = (path: string) => path.replace(/^\//, '')
// Until the first route's data is in, the page shows what index.html painted.
const HydrateFallback = () => null

/** A route whose code (loader and page) is fetched when it is first visited or prefetched. */
const lazyPage = (path: string, load: RouteObject['lazy'], extra: Partial<RouteObject> = {}): RouteObject => ({ path, lazy: load, ...extra })
const content = () => import('./routes/content')

/**
 * The routes of SPEC point 2. Every page but the docs is lazy: its module is one
 * feature's page and its loader. The docs route is in the main bundle because the
 * build prerenders docs pages, and the app must take over from that first paint
 * without another round trip.
 */
export const routes: RouteObject[] = [
  // /admin/login has no layout; both admin routes run their site-config middleware first.
  {
    path: relative(paths.adminLogin()),
    loader: () => guardRoute(paths.adminLogin()).then(() => null),
    lazy: () => import('./routes/admin-login'),
    ErrorBoundary: ErrorPage,
    HydrateFallback,
  },
  {
    path: relative(paths.admin()),
    loader: () => guardRoute(paths.admin()).then(() => null),
    lazy: () => import('./routes/admin'),
    ErrorBoundary: ErrorPage,
    HydrateFallback,
    children: [{ index: true, lazy: () => import('./routes/admin-dashboard') }],
  },
  {
    id: 'root',
    Component: DefaultLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback,
    children: [
      { index: true, lazy: content },
      lazyPage(relative(paths.team()), content),
      lazyPage(relative(paths.showcase()), content),
      lazyPage(relative(paths.templates()), content),
      lazyPage(relative(paths.blog()), content),
      lazyPage(relative(paths.blogPost(':slug')), content),
      lazyPage(relative(paths.designKit()), content),
      lazyPage(relative(paths.newsletter()), content),
      lazyPage(relative(paths.deploy()), content),
      lazyPage(relative(paths.deployProvider(':slug')), content),
      lazyPage(relative(paths.modules()), content, { id: 'modules' }),
      lazyPage(relative(paths.module(':slug')), content),
      lazyPage(relative(paths.videoCourses()), content),
      { path: 'docs/*', loader: docsLoader, Component: DocsPage },
      {
        path: relative(paths.enterprise()),
        children: [
          { index: true, lazy: content },
          lazyPage('jobs', content),
          lazyPage('support', content),
          lazyPage('sponsors', content),
          lazyPage('agencies', content),
          lazyPage('agencies/:slug', content),
        ],
      },
      { path: '*', loader: ({ request }: LoaderFunctionArgs) => routeNotFound(new URL(request.url).pathname) },
    ],
  },
]

export function createRouter() {
  return createBrowserRouter(routes)
}
