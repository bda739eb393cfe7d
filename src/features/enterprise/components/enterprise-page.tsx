import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '@/components/content/listing-page'
import { SponsorTiers } from '@/components/content/sponsor-tiers'
import { Card } from '@/components/ui/card/card'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { Section, SectionLink } from '@/components/ui/section/section'
import { site } from '@/config/site'
import { paths } from '@/contract/paths'

import { enterpriseQuery, filterAgencies, planAnchor, sectionsSchema } from '../api'
import { AgencyCard } from './agency-card'

import './enterprise.css'

/** /enterprise: a card for each page below it, then a glimpse of each: the support plans, some agencies, the sponsors. */
export function EnterprisePage() {
  const overview = useSuspenseQuery(enterpriseQuery()).data
  if (!overview) return null
  const sections = sectionsSchema.safeParse(overview.header.meta.sections)
  const agencies = filterAgencies(overview.lists.agencies, { region: undefined, service: undefined })
  return (
    <ListingPage header={overview.header}>
      {sections.success && sections.data.length ? (
        <Section title="How we can help">
          <Grid label="Enterprise" columns={sections.data.length % 4 === 0 ? 4 : 3}>
            {sections.data.map((section) => (
              <GridItem key={section.to}>
                <Card title={section.title} to={section.to} icon={section.icon} description={section.description} />
              </GridItem>
            ))}
          </Grid>
        </Section>
      ) : null}
      {overview.lists.support.length ? (
        <Section title={`Support from the people who write ${site.brand.name}`} headline="Support">
          <Grid label="Support plans">
            {overview.lists.support.map((plan) => (
              <GridItem key={plan.path}>
                <Card title={plan.title} to={`${paths.enterpriseSupport()}#${planAnchor(plan)}`} icon={plan.icon ?? 'i-lucide-life-buoy'} description={plan.description} />
              </GridItem>
            ))}
          </Grid>
        </Section>
      ) : null}
      {agencies.length ? (
        <Section
          title="Partner agencies"
          headline="Agencies"
          description={`${agencies.length} agencies that build, migrate and support ${site.brand.name} applications around the world.`}
        >
          <Grid label="Some partner agencies">
            {agencies.slice(0, 3).map((agency) => (
              <GridItem key={agency.path}>
                <AgencyCard agency={agency} />
              </GridItem>
            ))}
          </Grid>
          <SectionLink to={paths.enterpriseAgencies()}>See all {agencies.length} agencies</SectionLink>
        </Section>
      ) : null}
      {overview.lists.manualSponsors.length ? (
        <Section title="Our sponsors" headline="Sponsors" description={`The companies that fund ${site.brand.name}'s maintenance.`}>
          <SponsorTiers sponsors={overview.lists.manualSponsors} />
          <SectionLink to={paths.enterpriseSponsors()}>Become a sponsor</SectionLink>
        </Section>
      ) : null}
    </ListingPage>
  )
}
