import { useEffect, useState } from 'react'
import { createBrowserRouter, RouterProvider, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom'

import { paths } from '../config/paths'
import { DocsPage, docsLoader } from '../features/docs'
import { routeNotFound } from '../lib/errors'
import { ErrorPage } from './error-page'
import { DefaultLayout } from './layouts/default-layout'
import { guardRoute } from './middleware'

const relative = (path: string) => path.replace(/^\//, '')
// Until the first route's data is in, the page shows what index.html painted.
const HydrateFallback = () => null

/** A route whose module (one feature's page and its loader) is fetched when it is first visited. */
const page = (path: string, load: RouteObject['lazy'], extra: Partial<RouteObject> = {}): RouteObject => ({ path: relative(path), lazy: load, ...extra })

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
    loader: ({ request }) => guardRoute(paths.adminLogin(), new URL(request.url)).then(() => null),
    lazy: () => import('./routes/admin-login'),
    ErrorBoundary: ErrorPage,
    HydrateFallback,
  },
  {
    path: relative(paths.admin()),
    loader: ({ request }) => guardRoute(paths.admin(), new URL(request.url)).then(() => null),
    lazy: () => import('./routes/admin'),
    ErrorBoundary: ErrorPage,
    HydrateFallback,
    children: [
      { index: true, lazy: () => import('./routes/admin-dashboard') },
      { path: 'subscribers', lazy: () => import('./routes/admin-subscribers') },
      { path: 'modules', lazy: () => import('./routes/admin-modules') },
    ],
  },
  {
    id: 'root',
    Component: DefaultLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      page(paths.team(), () => import('./routes/team')),
      page(paths.showcase(), () => import('./routes/showcase')),
      page(paths.templates(), () => import('./routes/templates')),
      page(paths.blog(), () => import('./routes/blog')),
      page(paths.blogPost(':slug'), () => import('./routes/blog-post')),
      page(paths.designKit(), () => import('./routes/design-kit')),
      page(paths.newsletter(), () => import('./routes/newsletter')),
      page(paths.deploy(), () => import('./routes/deploy')),
      page(paths.deployProvider(':slug'), () => import('./routes/deploy-provider')),
      page(paths.modules(), () => import('./routes/modules'), { id: 'modules' }),
      page(paths.module(':slug'), () => import('./routes/module')),
      page(paths.videoCourses(), () => import('./routes/video-courses')),
      { path: 'docs/*', loader: docsLoader, Component: DocsPage },
      {
        // SPEC: a parent route with children jobs, support, sponsors, agencies and agencies/{slug}.
        path: relative(paths.enterprise()),
        children: [
          { index: true, lazy: () => import('./routes/enterprise') },
          { path: 'jobs', lazy: () => import('./routes/enterprise-jobs') },
          { path: 'support', lazy: () => import('./routes/enterprise-support') },
          { path: 'sponsors', lazy: () => import('./routes/enterprise-sponsors') },
          { path: 'agencies', lazy: () => import('./routes/enterprise-agencies') },
          { path: 'agencies/:slug', lazy: () => import('./routes/enterprise-agency') },
        ],
      },
      { path: '*', loader: ({ request }: LoaderFunctionArgs) => routeNotFound(new URL(request.url).pathname) },
    ],
  },
]

export function createRouter() {
  return createBrowserRouter(routes)
}

/**
 * The app's routes on screen. A route change is rendered at once, not as a transition:
 * its loaders have every piece of data and code it needs before it renders, so there is
 * nothing to wait for, and a transition's render, time-sliced and scheduled behind other
 * work, paints a clicked docs page about 10 ms later (`npm run bench:docs -- --pages 1000`).
 *
 * The first route is the exception: it is drawn over what index.html painted (a
 * prerendered page stays on screen until the app's copy replaces it), so nothing waits
 * on that render, and rendered at once it was the page's longest task (about 60 ms on a
 * fast machine for a docs page, four times that on a phone), in which a tap or a key
 * could not be answered. As a transition React renders it in slices of a few
 * milliseconds; only the commit is one task.
 */
export function AppRouter({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const [initialized, setInitialized] = useState(router.state.initialized)
  useEffect(() => {
    if (initialized) return
    return router.subscribe((state) => {
      if (state.initialized) setInitialized(true)
    })
  }, [router, initialized])
  return <RouterProvider router={router} useTransitions={initialized ? false : undefined} />
}
