import { useSuspenseQuery } from '@tanstack/react-query'
import { Suspense } from 'react'

import { ListingPage } from '@/components/content/listing-page'
import { MarkdownBody } from '@/components/markdown'
import { Card, cardClass } from '@/components/ui/card/card'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { Section } from '@/components/ui/section/section'
import { isPageBody } from '@/contract/content/body'
import type { Collections } from '@/contract/content/collection-types'
import { paths } from '@/contract/paths'
import { listingQuery } from '@/lib/content/listing'
import { trustBuildOutput } from '@/lib/content/trusted'
import { longDate } from '@/lib/format'

import { NewsletterForm } from './newsletter-form'

import './newsletter.css'

/** /newsletter: the pitch (the page's Markdown) beside the signup form, then the past issues, newest first, each linking to the post it led with. */
export function NewsletterPage() {
  const listing = useSuspenseQuery(listingQuery(paths.newsletter(), 'index')).data
  if (!listing) return null
  const page = trustBuildOutput<Collections['index']>(listing.page)
  const body = isPageBody(page.body) ? page.body : undefined
  const issues = [...(page.issues ?? [])].sort((a, b) => b.date.localeCompare(a.date))
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <div className="newsletter-layout">
        <div className="newsletter-pitch">
          {body ? (
            <Suspense>
              <MarkdownBody body={body} />
            </Suspense>
          ) : null}
        </div>
        <div className={cardClass({ padded: true, className: 'newsletter-page-form' })}>
          <NewsletterForm heading="Subscribe" description="Monthly, in the first week. Unsubscribe with one click." />
        </div>
      </div>
      {issues.length ? (
        <Section title="Past issues" description="Every issue leads with a post from the blog.">
          <Grid label="Past issues" columns={2}>
            {issues.map((issue) => (
              <GridItem key={issue.to}>
                <Card
                  title={issue.title}
                  to={issue.to}
                  icon="i-lucide-mail"
                  description={issue.description}
                  footer={
                    <time dateTime={issue.date} className="listing-meta">
                      {longDate(issue.date)}
                    </time>
                  }
                />
              </GridItem>
            ))}
          </Grid>
        </Section>
      ) : null}
    </ListingPage>
  )
}
