import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '../../../components/content/listing-page'
import { Badge } from '../../../components/ui/badge/badge'
import { Card } from '../../../components/ui/card/card'
import { Grid, GridItem } from '../../../components/ui/grid/grid'
import { Icon } from '../../../components/ui/icon'
import { Section } from '../../../components/ui/section/section'
import { deployQuery } from '../api'

/** /deploy: every hosting provider, featured ones first, each linking to its guide. */
export function DeployPage() {
  const listing = useSuspenseQuery(deployQuery()).data
  if (!listing) return null
  const providers = [...listing.items].sort((a, b) => Number(b.featured) - Number(a.featured) || a.title.localeCompare(b.title))
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title="Hosting providers" description="Pick a provider: each guide names its preset and walks through the first deploy.">
        <Grid label="Hosting providers">
          {providers.map((provider) => (
            <GridItem key={provider.path}>
              <Card
                title={provider.title}
                to={provider.path}
                icon={
                  provider.logoSrc ? (
                    <img src={provider.logoSrc} alt="" width={28} height={28} className="listing-logo" />
                  ) : (
                    <Icon name={provider.logoIcon ?? 'i-lucide-server'} size={22} />
                  )
                }
                eyebrow={
                  <>
                    <Badge color="neutral">{provider.category}</Badge>
                    {provider.featured ? <Badge>Featured</Badge> : null}
                  </>
                }
                description={provider.description}
                footer={<code>preset: {provider.nitroPreset}</code>}
              />
            </GridItem>
          ))}
        </Grid>
      </Section>
    </ListingPage>
  )
}
