import { QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'

import { DEFAULT_HERO_OPACITY } from './app/layouts/default-layout'
import { Footer } from './app/layouts/footer'
import { Header } from './app/layouts/header'
import MarkdownBody from './components/markdown/markdown-body'
import { DocsPageView, type DocsData } from './features/docs'
import type { NavItem } from './lib/content/index'
import type { PagePayload } from './lib/content/payload'
import { createQueryClient } from './lib/query-client'

/**
 * Built by `vite build --ssr` and called by the content build: a docs page's markup
 * (header, sidebar, page, table of contents, footer), the same components the app
 * renders. It goes into the page's index.html, so the first paint needs no
 * JavaScript; the app draws the same page when it starts and removes this copy.
 *
 * The content build hands in the icon source (`setIconSource`), drawing icons from
 * the installed sets into the HTML: nothing here reaches into server code.
 */
export { setIconSource } from './components/ui/icon'

export function renderDocsPage(payload: PagePayload, navigation: NavItem[]): string {
  const data: DocsData = { source: 'payload', data: payload, navigation }
  const opacity =
    typeof payload.page?.heroBackground === 'object' && payload.page.heroBackground !== null && 'opacity' in payload.page.heroBackground
      ? Number(payload.page.heroBackground.opacity)
      : DEFAULT_HERO_OPACITY
  // An empty cache per page: the header's stats render as loading, as in the app before they arrive.
  // The opacity is a rule, not a style attribute: the build hashes inline <style> for the
  // page's Content-Security-Policy, and attributes cannot be allowed that way.
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <StaticRouter location={payload.path}>
        <style>{`#prerendered .hero-background{opacity:${Number.isFinite(opacity) ? opacity / 100 : DEFAULT_HERO_OPACITY / 100}}`}</style>
        <div className="hero-background" aria-hidden="true" />
        <Header />
        <DocsPageView data={data} pathname={payload.path} renderBody={(body) => <MarkdownBody body={body} />} />
        <Footer />
      </StaticRouter>
    </QueryClientProvider>,
  )
}
