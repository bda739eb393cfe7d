import { useSuspenseQuery } from '@tanstack/react-query'
import { Suspense } from 'react'

import { MarkdownBody } from '../../../components/markdown'
import { PageHero } from '../../../components/ui/page-hero/page-hero'
import { paths } from '../../../config/paths'
import { isPageBody } from '../../../lib/content/body'
import { listingQuery } from '../../../lib/content/listing'
import { usePageTitle } from '../../../lib/page-effects'
import { NewsletterForm } from './newsletter-form'

/** /newsletter: what the newsletter is (the page's Markdown) and the signup form. */
export function NewsletterPage() {
  const listing = useSuspenseQuery(listingQuery(paths.newsletter(), 'index')).data
  usePageTitle(listing?.header.title)
  if (!listing) return null
  const body = isPageBody(listing.page.body) ? listing.page.body : undefined
  return (
    <main id="main" tabIndex={-1} className="container listing-page newsletter-page" data-source={listing.source}>
      <PageHero title={listing.header.heroTitle} description={listing.header.heroDescription} />
      <div className="newsletter-page-form">
        <NewsletterForm heading="Subscribe" />
      </div>
      {body ? (
        <Suspense>
          <MarkdownBody body={body} />
        </Suspense>
      ) : null}
    </main>
  )
}
