import { useSuspenseQuery } from '@tanstack/react-query'
import { Suspense } from 'react'

import { ListingPage } from '../../../components/content/listing-page'
import { MarkdownBody } from '../../../components/markdown'
import { paths } from '../../../config/paths'
import { isPageBody } from '../../../lib/content/body'
import { listingQuery } from '../../../lib/content/listing'
import { NewsletterForm } from './newsletter-form'

/** /newsletter: what the newsletter is (the page's Markdown) and the signup form. */
export function NewsletterPage() {
  const listing = useSuspenseQuery(listingQuery(paths.newsletter(), 'index')).data
  if (!listing) return null
  const body = isPageBody(listing.page.body) ? listing.page.body : undefined
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <div className="newsletter-page-form">
        <NewsletterForm heading="Subscribe" />
      </div>
      {body ? (
        <Suspense>
          <MarkdownBody body={body} />
        </Suspense>
      ) : null}
    </ListingPage>
  )
}
