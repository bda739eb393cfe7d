import { useSuspenseQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { z } from '../../../lib/zod'

import { ListingPage } from '../../../components/content/listing-page'
import { MarkdownBody } from '../../../components/markdown'
import { Card } from '../../../components/ui/card/card'
import { Grid, GridItem } from '../../../components/ui/grid/grid'
import { Section } from '../../../components/ui/section/section'
import { isPageBody } from '../../../lib/content/body'
import { landingQuery } from '../api'

const featuresSchema = z.array(z.object({ title: z.string(), description: z.string(), icon: z.string().optional() }))

/** /: the hero with its calls to action, the framework's features, then the page's own text. */
export function LandingPage() {
  const listing = useSuspenseQuery(landingQuery()).data
  if (!listing) return null
  const features = featuresSchema.safeParse(listing.header.meta.features)
  const body = isPageBody(listing.page.body) ? listing.page.body : undefined
  return (
    <ListingPage header={listing.header} source={listing.source}>
      {features.success && features.data.length ? (
        <Section title="Everything a full-stack app needs" headline="Features">
          <Grid label="Features">
            {features.data.map((feature) => (
              <GridItem key={feature.title}>
                <Card title={feature.title} icon={feature.icon} description={feature.description} />
              </GridItem>
            ))}
          </Grid>
        </Section>
      ) : null}
      {body?.value.trim() ? (
        <section className="ui-section" aria-label="About">
          <Suspense>
            <MarkdownBody body={body} />
          </Suspense>
        </section>
      ) : null}
    </ListingPage>
  )
}
