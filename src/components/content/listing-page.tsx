import type { ReactNode } from 'react'

import type { PageHeader } from '@/lib/content/listing'
import { usePageTitle } from '@/lib/page-effects'

import { PageHero } from '../ui/page-hero/page-hero'

import './listing-page.css'

/**
 * The frame of a listing or marketing page: the main landmark, the page's hero (its
 * h1, description and calls to action from the front matter), then the page's
 * sections. Titles the document after the page. A page with more in its hero (an
 * install command, a badge) passes its own `hero`.
 */
export function ListingPage({ header, source, hero, className, children }: { header: PageHeader; source?: string; hero?: ReactNode; className?: string; children: ReactNode }) {
  usePageTitle(header.title || undefined)
  return (
    <main id="main" tabIndex={-1} className={['container listing-page', className ?? ''].filter(Boolean).join(' ')} data-source={source}>
      {hero ?? <PageHero title={header.heroTitle} description={header.heroDescription} links={header.links} />}
      {children}
    </main>
  )
}
