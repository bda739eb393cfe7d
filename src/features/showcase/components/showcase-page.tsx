import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '@/components/content/listing-page'
import { Badge } from '@/components/ui/badge/badge'
import { Card } from '@/components/ui/card/card'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { Section } from '@/components/ui/section/section'
import { showcaseCategories } from '@/contract/content/categories'
import { hostOf } from '@/contract/links'

import { showcaseQuery } from '../api'

/** /showcase: sites built with the framework, by category (featured ones first), each a screenshot linking to the site. */
export function ShowcasePage() {
  const listing = useSuspenseQuery(showcaseQuery()).data
  if (!listing) return null
  const groups = showcaseCategories
    .map((category) => ({
      category,
      sites: listing.items.filter((site) => site.category === category).sort((a, b) => Number(b.featured) - Number(a.featured) || a.name.localeCompare(b.name)),
    }))
    .filter((group) => group.sites.length)
  return (
    <ListingPage header={listing.header} source={listing.source}>
      {groups.map(({ category, sites }) => (
        <Section key={category} title={category}>
          <Grid label={`${category} sites`}>
            {sites.map((site) => (
              <GridItem key={site.url}>
                <Card
                  title={site.name}
                  to={site.url}
                  image={site.screenshotUrl ? { src: site.screenshotUrl, width: 640, height: 400 } : undefined}
                  eyebrow={site.featured ? <Badge>Featured</Badge> : <Badge color="neutral">{site.category}</Badge>}
                  description={site.description}
                  footer={<span className="listing-meta">{hostOf(site.url)}</span>}
                />
              </GridItem>
            ))}
          </Grid>
        </Section>
      ))}
    </ListingPage>
  )
}
