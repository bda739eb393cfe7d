import { useEffect, useLayoutEffect } from 'react'
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router-dom'

import { LinkNavigation } from '@/components/ui/app-link'
import { LoadingBar } from '@/components/ui/loading-bar/loading-bar'
import { OverlayProvider } from '@/components/ui/overlay/overlay-provider'
import { Toaster } from '@/components/ui/toasts/toaster'
import { site } from '@/config/site'
import { useNewsletterLinks } from '@/features/newsletter'
import { offerNewBuild } from '@/features/offline'
import { PreviewBar } from '@/features/preview'
import { watchBuildUpdates } from '@/lib/build-updates'
import { currentBuildId } from '@/lib/content/manifest'
import { usePageLanguage } from '@/lib/page-effects'
import { removePrerendered } from '@/lib/prerendered'

import { Footer } from './footer'
import { Header } from './header'

/** Hero-background opacity when a page sets none (SPEC: 30 to 100). */
export const DEFAULT_HERO_OPACITY = 30

/** A page's hero-background opacity from its front matter (`heroBackground.opacity`), kept within 30 to 100; undefined when it sets none. */
export function heroOpacityOf(page: unknown): number | undefined {
  const setting: unknown = typeof page === 'object' && page !== null && 'heroBackground' in page ? page.heroBackground : undefined
  if (typeof setting === 'object' && setting !== null && 'opacity' in setting && typeof setting.opacity === 'number') {
    return Math.min(100, Math.max(30, setting.opacity))
  }
  return undefined
}

/** The current page's hero-background opacity: from the innermost route whose page sets one. */
function useHeroOpacity(): number {
  const matches = useMatches()
  for (const match of [...matches].reverse()) {
    const data: unknown = match.data
    if (typeof data !== 'object' || data === null || !('data' in data)) continue
    const opacity = heroOpacityOf(typeof data.data === 'object' && data.data !== null && 'page' in data.data ? data.data.page : undefined)
    if (opacity !== undefined) return opacity
  }
  return DEFAULT_HERO_OPACITY
}

/** The bar across the top while a route's data loads. */
function NavigationLoadingBar() {
  return <LoadingBar loading={useNavigation().state !== 'idle'} />
}

/** The tint behind the page's hero (the build's prerender draws it too). */
export function HeroBackgroundView({ opacity }: { opacity: number }) {
  return <div className="hero-background" aria-hidden="true" data-opacity={opacity} style={{ opacity: opacity / 100 }} />
}

function HeroBackground() {
  return <HeroBackgroundView opacity={useHeroOpacity()} />
}

/** Newsletter confirmation and unsubscribe links, handled wherever they land (they read the location); none with the newsletter switched off. */
function NewsletterLinks() {
  useNewsletterLinks()
  return null
}

/**
 * The frame of every page. What follows the router's state (the loading bar, the hero's
 * opacity) is in components of its own, so a navigation redraws those and the page, not
 * the header, footer and overlays around them (twice: when it starts and when it ends).
 * Those that follow the location themselves (the header's version select) still do.
 */
export function DefaultLayout() {
  // A new deploy: offer a reload rather than forcing one mid-read.
  useEffect(() => watchBuildUpdates(currentBuildId(), offerNewBuild), [])
  // The build's copy of the first page goes as the app's own is drawn (its loaders gave
  // it every piece of data and code, so it is whole), before the browser paints.
  useLayoutEffect(removePrerendered, [])
  usePageLanguage()

  return (
    <LinkNavigation>
      <NavigationLoadingBar />
      {site.sections.newsletter ? <NewsletterLinks /> : null}
      <HeroBackground />
      <Header />
      <Outlet />
      <Footer />
      <PreviewBar />
      <Toaster />
      <OverlayProvider />
      <ScrollRestoration />
    </LinkNavigation>
  )
}
