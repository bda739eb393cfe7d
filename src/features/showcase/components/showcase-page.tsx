import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '../../../components/content/listing-page'
import { Badge } from '../../../components/ui/badge/badge'
import { Card } from '../../../components/ui/card/card'
import { Grid, GridItem } from '../../../components/ui/grid/grid'
import { Section } from '../../../components/ui/section/section'
import { showcaseQuery } from '../api'

/** /showcase: sites built with the framework, each a screenshot linking to the site. */
export function ShowcasePage() {
  const listing = useSuspenseQuery(showcaseQuery()).data
  if (!listing) return null
  const sites = [...listing.items].sort((a, b) => Number(b.featured) - Number(a.featured))
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title="In production">
        <Grid label="Showcase">
          {sites.map((site) => (
            <GridItem key={site.url}>
              <Card
                title={site.name}
                to={site.url}
                image={site.screenshotUrl ? { src: site.screenshotUrl, width: 640, height: 360 } : undefined}
                eyebrow={<Badge color="neutral">{site.category}</Badge>}
                description={site.description}
              />
            </GridItem>
          ))}
        </Grid>
      </Section>
    </ListingPage>
  )
}
