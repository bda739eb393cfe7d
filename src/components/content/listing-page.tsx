import type { ReactNode } from 'react'

import type { PageHeader } from '../../lib/content/listing'
import { usePageTitle } from '../../lib/page-effects'
import { PageHero } from '../ui/page-hero/page-hero'

/**
 * The frame of a listing or marketing page: the main landmark, the page's hero (its
 * h1, description and calls to action from the front matter), then the page's
 * sections. Titles the document after the page.
 */
export function ListingPage({ header, source, children }: { header: PageHeader; source?: string; children: ReactNode }) {
  usePageTitle(header.title || undefined)
  return (
    <main id="main" tabIndex={-1} className="container listing-page" data-source={source}>
      <PageHero title={header.heroTitle} description={header.heroDescription} links={header.links} />
      {children}
    </main>
  )
}
