import { createBrowserRouter, type RouteObject } from 'react-router-dom'

import { paths } from '../config/paths'
import { guardRoute } from './middleware'
import { DefaultLayout } from './layouts/default-layout'
import { ContentRoute, contentLoader, unmatchedLoader } from './routes/content-route'
import { DocsPage, docsLoader } from './routes/docs/docs-page'
import { ErrorPage } from './routes/error-page'

const page = (path: string, extra: Partial<RouteObject> = {}): RouteObject => ({ path, loader: contentLoader, Component: ContentRoute, ...extra })
const relative = (path: string) => path.replace(/^\//, '')
// Until the first route's data is in, the page shows what index.html painted.
const HydrateFallback = () => null

/** The routes of SPEC point 2: the default layout for all but the admin pages; content routes render their data. */
export const routes: RouteObject[] = [
  // /admin/login has no layout; both admin routes run their site-config middleware first.
  {
    path: relative(paths.adminLogin()),
    loader: () => guardRoute(paths.adminLogin()).then(() => null),
    lazy: () => import('./routes/admin/login-page'),
    ErrorBoundary: ErrorPage,
    HydrateFallback,
  },
  {
    path: relative(paths.admin()),
    loader: () => guardRoute(paths.admin()).then(() => null),
    lazy: () => import('./routes/admin/admin-layout'),
    ErrorBoundary: ErrorPage,
    HydrateFallback,
    children: [{ index: true, lazy: () => import('./routes/admin/admin-page') }],
  },
  {
    id: 'root',
    Component: DefaultLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback,
    children: [
      { index: true, loader: contentLoader, Component: ContentRoute },
      page(relative(paths.team())),
      page(relative(paths.showcase())),
      page(relative(paths.templates())),
      page(relative(paths.blog())),
      page(relative(paths.blogPost(':slug'))),
      page(relative(paths.designKit())),
      page(relative(paths.newsletter())),
      page(relative(paths.deploy())),
      page(relative(paths.deployProvider(':slug'))),
      page(relative(paths.modules()), { id: 'modules' }),
      page(relative(paths.module(':slug'))),
      page(relative(paths.videoCourses())),
      { path: 'docs/*', loader: docsLoader, Component: DocsPage },
      {
        path: relative(paths.enterprise()),
        children: [
          { index: true, loader: contentLoader, Component: ContentRoute },
          page('jobs'),
          page('support'),
          page('sponsors'),
          page('agencies'),
          page('agencies/:slug'),
        ],
      },
      { path: '*', loader: unmatchedLoader, Component: ContentRoute },
    ],
  },
]

export function createRouter() {
  return createBrowserRouter(routes)
}
