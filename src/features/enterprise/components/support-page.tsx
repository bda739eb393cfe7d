import { useSuspenseQuery } from '@tanstack/react-query'
import { Suspense } from 'react'

import { ListingPage } from '@/components/content/listing-page'
import { MarkdownBody } from '@/components/markdown'
import { CallToAction } from '@/components/ui/call-to-action/call-to-action'
import { Card } from '@/components/ui/card/card'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { Icon } from '@/components/ui/icon'
import { Section } from '@/components/ui/section/section'
import { isPageBody } from '@/contract/content/body'

import { callSchema, planAnchor, supportQuery } from '../api'

import './enterprise.css'

/**
 * /enterprise/support: the support plans side by side, each linking to its section
 * below (what it includes, who it is for, from the plan's own page body), then how
 * to get in touch.
 */
export function SupportPage() {
  const listing = useSuspenseQuery(supportQuery()).data
  if (!listing) return null
  const contact = callSchema.safeParse(listing.header.meta.contact)
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title="Plans" description="Three ways to work with the maintainers. Each plan is described in full below.">
        <Grid label="Support plans">
          {listing.items.map((plan) => (
            <GridItem key={plan.path}>
              <Card
                title={plan.title}
                to={`#${planAnchor(plan)}`}
                icon={plan.icon ?? 'i-lucide-life-buoy'}
                description={plan.description}
                footer={
                  <span className="listing-meta">
                    What's included <Icon name="i-lucide-arrow-down" />
                  </span>
                }
              />
            </GridItem>
          ))}
        </Grid>
      </Section>
      {listing.items.map((plan) => {
        const body = isPageBody(plan.body) ? plan.body : undefined
        return (
          <Section key={plan.path} id={planAnchor(plan)} className="support-plan" icon={plan.icon ?? 'i-lucide-life-buoy'} title={plan.title} description={plan.description}>
            {body ? (
              <div className="support-plan-body">
                <Suspense>
                  <MarkdownBody body={body} />
                </Suspense>
              </div>
            ) : null}
          </Section>
        )
      })}
      {contact.success ? <CallToAction title={contact.data.title} description={contact.data.description} links={contact.data.links} /> : null}
    </ListingPage>
  )
}
