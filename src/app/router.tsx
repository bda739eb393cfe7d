import { useEffect, useState } from 'react'
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, RouterProvider } from 'react-router-dom'

import { routeUrl, site } from '../config/site'
import { blogEditions } from '../contract/locales'
import { paths } from '../contract/paths'
import { isRouteOn, type Sections } from '../contract/sections'
import { docsLoader } from '../features/docs'
import { editions } from '../lib/content/docs-versions'
import { routeNotFound } from '../lib/errors'
import { localeWordsFor } from '../lib/locale-words'
import { DocsRoute } from './docs-route'
import { ErrorPage } from './error-page'
import { DefaultLayout } from './layouts/default-layout'
import { guardRoute } from './middleware'

const relative = (path: string) => path.replace(/^\//, '')

// Until the first route's data is in, the page shows what index.html painted.
const HydrateFallback = () => null

/** What a route reads from `handle`: the source file of its lazy module, as Vite's manifest names it. */
export interface RouteHandle {
  module: string
}

/**
 * A route module fetched when the route is first visited, named by its file: the build
 * links the CSS of the modules a prerendered page's routes use in its HTML (through
 * Vite's manifest), so the copy painted before any script is styled as the app's page.
 */
const lazyRoute = (name: string, load: NonNullable<RouteObject['lazy']>) => ({ lazy: load, handle: { module: `src/app/routes/${name}.tsx` } satisfies RouteHandle })

/** A loader that runs once the interface words of its page's language are in (at once where they always are). */
function withLocaleWords<T>(loader: (args: LoaderFunctionArgs) => T): (args: LoaderFunctionArgs) => T | Promise<T> {
  return (args) => {
    const words = localeWordsFor(routeUrl(args.request).pathname)
    return words ? words.then(() => loader(args)) : loader(args)
  }
}

/** A lazy route module whose loader runs once its page's language's interface words are in. */
function inLocale<M extends { loader: (args: LoaderFunctionArgs) => unknown }>(load: () => Promise<M>): () => Promise<M> {
  return async () => {
    const mod = await load()
    return { ...mod, loader: withLocaleWords(mod.loader) }
  }
}

/** A route whose module (one feature's page and its loader) is fetched when it is first visited. */
const page = (path: string, name: string, load: NonNullable<RouteObject['lazy']>, extra: Partial<RouteObject> = {}): RouteObject => ({
  path: relative(path),
  ...lazyRoute(name, load),
  ...extra,
})

/**
 * The routes of SPEC point 2. Every page but the docs is lazy: its module is one
 * feature's page and its loader. The docs route is in the main bundle because the
 * build prerenders docs pages, and the app must take over from that first paint
 * without another round trip.
 */
const allRoutes: RouteObject[] = [
  // /admin/login has no layout; both admin routes run their site-config middleware first.
  {
    path: relative(paths.adminLogin()),
    loader: ({ request }) => guardRoute(paths.adminLogin(), routeUrl(request)).then(() => null),
    ...lazyRoute('admin-login', () => import('./routes/admin-login')),
    ErrorBoundary: ErrorPage,
    HydrateFallback,
  },
  {
    path: relative(paths.admin()),
    loader: ({ request }) => guardRoute(paths.admin(), routeUrl(request)).then(() => null),
    ...lazyRoute('admin', () => import('./routes/admin')),
    ErrorBoundary: ErrorPage,
    HydrateFallback,
    children: [
      { index: true, ...lazyRoute('admin-dashboard', () => import('./routes/admin-dashboard')) },
      { path: 'subscribers', ...lazyRoute('admin-subscribers', () => import('./routes/admin-subscribers')) },
      { path: 'modules', ...lazyRoute('admin-modules', () => import('./routes/admin-modules')) },
    ],
  },
  {
    id: 'root',
    Component: DefaultLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback,
    children: [
      { index: true, ...lazyRoute('home', () => import('./routes/home')) },
      page(paths.team(), 'team', () => import('./routes/team')),
      page(paths.showcase(), 'showcase', () => import('./routes/showcase')),
      page(paths.templates(), 'templates', () => import('./routes/templates')),
      page(paths.blog(), 'blog', () => import('./routes/blog')),
      page(paths.blogPost(':slug'), 'blog-post', () => import('./routes/blog-post')),
      // Each locale's translated blog (`locales[].blog`), under its code, its interface words first.
      ...blogEditions(site)
        .filter((blog) => blog.path !== blog.original && site.sections.blog)
        .flatMap((blog) => [
          page(
            blog.path,
            'blog',
            inLocale(() => import('./routes/blog')),
          ),
          page(
            `${blog.path}/:slug`,
            'blog-post',
            inLocale(() => import('./routes/blog-post')),
          ),
        ]),
      page(paths.designKit(), 'design-kit', () => import('./routes/design-kit')),
      page(paths.newsletter(), 'newsletter', () => import('./routes/newsletter')),
      page(paths.deploy(), 'deploy', () => import('./routes/deploy')),
      page(paths.deployProvider(':slug'), 'deploy-provider', () => import('./routes/deploy-provider')),
      page(paths.modules(), 'modules', () => import('./routes/modules'), { id: 'modules' }),
      page(paths.module(':slug'), 'module', () => import('./routes/module')),
      page(paths.videoCourses(), 'video-courses', () => import('./routes/video-courses')),
      { path: 'docs/*', loader: docsLoader, Component: DocsRoute },
      // Each locale's translated docs, under its code (src/contract/locales.ts).
      // Their interface words come before the page that shows them (src/lib/locale-words.ts).
      ...[...new Set(editions.filter((v) => v.path !== v.original).map((v) => v.locale))].map((code) => ({
        path: `${code}/docs/*`,
        loader: withLocaleWords(docsLoader),
        Component: DocsRoute,
      })),
      {
        // SPEC: a parent route with children jobs, support, sponsors, agencies and agencies/{slug}.
        path: relative(paths.enterprise()),
        children: [
          { index: true, ...lazyRoute('enterprise', () => import('./routes/enterprise')) },
          { path: 'jobs', ...lazyRoute('enterprise-jobs', () => import('./routes/enterprise-jobs')) },
          { path: 'support', ...lazyRoute('enterprise-support', () => import('./routes/enterprise-support')) },
          { path: 'sponsors', ...lazyRoute('enterprise-sponsors', () => import('./routes/enterprise-sponsors')) },
          { path: 'agencies', ...lazyRoute('enterprise-agencies', () => import('./routes/enterprise-agencies')) },
          { path: 'agencies/:slug', ...lazyRoute('enterprise-agency', () => import('./routes/enterprise-agency')) },
        ],
      },
      { path: '*', loader: withLocaleWords(({ request }: LoaderFunctionArgs) => routeNotFound(routeUrl(request).pathname)) },
    ],
  },
]

/**
 * The routes without those of the sections `sections` switches off (src/contract/sections.ts):
 * their paths fall to the catch-all, the not-found page, as the server answers them
 * with 404. A parent is decided by its children (/enterprise may be off while
 * /enterprise/jobs is on), and goes when none is left.
 */
export function routesFor(sections: Sections, list: readonly RouteObject[] = allRoutes, base = ''): RouteObject[] {
  return list.flatMap((route): RouteObject[] => {
    const path = route.path === undefined ? base : `${base}/${route.path}`
    const on = (route.path === undefined && !route.index) || isRouteOn(sections, path || '/')
    if (route.index || !route.children) return on ? [route] : []
    const children = routesFor(sections, route.children, path)
    if (!children.length) return []
    if (on || route.path === undefined) return [{ ...route, children }]
    // A parent's own path matches by itself (an empty outlet, not the not-found page): one
    // that draws nothing hands its children their full paths; one that draws a frame goes
    // with its own path.
    const drawsNothing = !route.Component && !route.element && !route.lazy && !route.loader
    return drawsNothing ? children.map((child) => (child.index ? child : { ...child, path: `${route.path}/${child.path ?? ''}` })) : []
  })
}

/** The routes of this site (its `sections` in site.config.ts). */
export const routes: RouteObject[] = routesFor(site.sections)

export function createRouter() {
  // Every route and link is written from the site's root; the router puts the base in front.
  return createBrowserRouter(routes, { basename: site.base })
}

/**
 * The app's routes on screen. A route change is rendered at once, not as a transition:
 * its loaders have every piece of data and code it needs before it renders, so there is
 * nothing to wait for, and a transition's render, time-sliced and scheduled behind other
 * work, paints a clicked docs page later (`npm run bench:docs -- --pages 1000` shows it).
 *
 * The first route is the exception: it is drawn over what index.html painted (a
 * prerendered page stays on screen until the app's copy replaces it), so nothing waits
 * on that render, and rendered at once it was the page's longest task (four times as
 * long on a phone), in which a tap or a key could not be answered. As a transition React renders it in slices of a few
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
