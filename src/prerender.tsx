import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'

import { Footer } from './app/layouts/footer'
import { Header } from './app/layouts/header'
import { DEFAULT_HERO_OPACITY } from './app/layouts/default-layout'
import { DocsPageView, type DocsData } from './app/routes/docs/docs-page'
import MarkdownBody from './app/routes/markdown-body'
import { ICON_SETS, iconSetSync, resolveIcon } from '../server/icons'
import { setIconSource } from './components/ui/icon'
import type { NavItem } from './lib/content/index'
import type { PagePayload } from './lib/content/payload'

/**
 * Built by `vite build --ssr` and called by the content build: a docs page's markup
 * (header, sidebar, page, table of contents, footer), the same components the app
 * renders. It goes into the page's index.html, so the first paint needs no
 * JavaScript; the app draws the same page when it starts and removes this copy.
 */
// Icons are drawn into the HTML from the installed sets.
setIconSource((prefix, name) => {
  if (!(ICON_SETS as readonly string[]).includes(prefix)) return undefined
  const set = iconSetSync(prefix)
  const icon = resolveIcon(set, name)
  return icon ? { body: icon.body, width: icon.width ?? set.width ?? 16, height: icon.height ?? set.height ?? 16 } : undefined
})

export function renderDocsPage(payload: PagePayload, navigation: NavItem[]): string {
  const data: DocsData = { source: 'payload', data: payload, navigation }
  const opacity = typeof payload.page?.heroBackground === 'object' && payload.page.heroBackground !== null && 'opacity' in payload.page.heroBackground ? Number(payload.page.heroBackground.opacity) : DEFAULT_HERO_OPACITY
  return renderToString(
    <StaticRouter location={payload.path}>
      <div className="hero-background" aria-hidden="true" style={{ opacity: opacity / 100 }} />
      <Header />
      <DocsPageView data={data} pathname={payload.path} renderBody={(body) => <MarkdownBody body={body} />} />
      <Footer />
    </StaticRouter>,
  )
}
