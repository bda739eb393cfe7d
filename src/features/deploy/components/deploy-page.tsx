import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '@/components/content/listing-page'
import { ProviderCard } from '@/components/content/provider-card'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { Section } from '@/components/ui/section/section'
import { deployCategories } from '@/contract/content/categories'

import { type DeployProvider, deployQuery } from '../api'

const CATEGORY_TEXT: Record<(typeof deployCategories)[number], string> = {
  Hosting: 'Platforms that run your app as a long-lived Node.js server.',
  Edge: 'Your server close to every reader, on edge runtimes.',
  Serverless: 'One function per request, scaled and billed by use.',
  Static: 'Every route prerendered: plain files on a CDN, no server.',
  Container: 'An image you can run anywhere containers run.',
}

/** /deploy: the featured providers first, then every provider by kind of hosting, each linking to its guide. */
export function DeployPage() {
  const listing = useSuspenseQuery(deployQuery()).data
  if (!listing) return null
  const byTitle = (a: DeployProvider, b: DeployProvider) => a.title.localeCompare(b.title)
  const featured = listing.items.filter((p) => p.featured).sort(byTitle)
  const groups = deployCategories.map((category) => ({ category, providers: listing.items.filter((p) => p.category === category).sort(byTitle) })).filter((g) => g.providers.length)
  return (
    <ListingPage header={listing.header} source={listing.source}>
      {featured.length ? (
        <Section title="Featured" description="Providers we test every release against, with a guide for the first deploy.">
          <Grid label="Featured providers">
            {featured.map((provider) => (
              <GridItem key={provider.path}>
                <ProviderCard provider={provider} />
              </GridItem>
            ))}
          </Grid>
        </Section>
      ) : null}
      {groups.map(({ category, providers }) => (
        <Section key={category} title={category} description={CATEGORY_TEXT[category]}>
          <Grid label={`${category} providers`}>
            {providers.map((provider) => (
              <GridItem key={provider.path}>
                <ProviderCard provider={provider} />
              </GridItem>
            ))}
          </Grid>
        </Section>
      ))}
    </ListingPage>
  )
}
