import { useSuspenseQuery } from '@tanstack/react-query'
import { z } from '../../../lib/zod'

import { ListingPage } from '../../../components/content/listing-page'
import { Badge } from '../../../components/ui/badge/badge'
import { Card } from '../../../components/ui/card/card'
import { Grid, GridItem } from '../../../components/ui/grid/grid'
import { Section } from '../../../components/ui/section/section'
import { paths } from '../../../config/paths'
import { listingQuery } from '../../../lib/content/listing'
import { agenciesQuery, sponsorsQuery, supportQuery } from '../api'

// Free-form front matter of /enterprise and /enterprise/jobs: parsed, not trusted.
const sectionsSchema = z.array(z.object({ title: z.string(), description: z.string(), to: z.string(), icon: z.string().optional() }))
const jobsSchema = z.array(z.object({ title: z.string(), company: z.string(), location: z.string(), remote: z.boolean().optional(), link: z.string() }))

/** /enterprise: what the enterprise pages offer, one card each. */
export function EnterprisePage() {
  const listing = useSuspenseQuery(listingQuery(paths.enterprise(), 'landing')).data
  if (!listing) return null
  const sections = sectionsSchema.safeParse(listing.header.meta.sections)
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title="How we can help">
        <Grid label="Enterprise">
          {(sections.success ? sections.data : []).map((section) => (
            <GridItem key={section.to}>
              <Card title={section.title} to={section.to} icon={section.icon} description={section.description} />
            </GridItem>
          ))}
        </Grid>
      </Section>
    </ListingPage>
  )
}

/** /enterprise/jobs: open positions across the ecosystem. */
export function JobsPage() {
  const listing = useSuspenseQuery(listingQuery(paths.enterpriseJobs(), 'landing')).data
  if (!listing) return null
  const jobs = jobsSchema.safeParse(listing.header.meta.jobs)
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title="Open positions">
        <Grid label="Jobs" columns={2}>
          {(jobs.success ? jobs.data : []).map((job) => (
            <GridItem key={job.link}>
              <Card title={job.title} to={job.link} eyebrow={job.remote ? <Badge color="info">Remote</Badge> : undefined} description={`${job.company} · ${job.location}`} />
            </GridItem>
          ))}
        </Grid>
      </Section>
    </ListingPage>
  )
}

/** /enterprise/support: the support offers of the core team. */
export function SupportPage() {
  const listing = useSuspenseQuery(supportQuery()).data
  if (!listing) return null
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title="Support plans">
        <Grid label="Support">
          {listing.items.map((offer) => (
            <GridItem key={offer.path}>
              <Card title={offer.title} icon={offer.icon ?? 'i-lucide-life-buoy'} description={offer.description} />
            </GridItem>
          ))}
        </Grid>
      </Section>
    </ListingPage>
  )
}

/** /enterprise/agencies: partner agencies with their location and services. */
export function AgenciesPage() {
  const listing = useSuspenseQuery(agenciesQuery()).data
  if (!listing) return null
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title="Partner agencies">
        <Grid label="Agencies">
          {listing.items.map((agency) => (
            <GridItem key={agency.path}>
              <Card
                title={agency.title}
                to={agency.path}
                icon={<img src={agency.logo} alt="" width={28} height={28} className="listing-logo" />}
                eyebrow={agency.regions.map((region) => (
                  <Badge key={region} color="neutral">
                    {region}
                  </Badge>
                ))}
                description={agency.description}
                footer={
                  <>
                    <span>{agency.location}</span>
                    <span>{agency.services.join(' · ')}</span>
                  </>
                }
              />
            </GridItem>
          ))}
        </Grid>
      </Section>
    </ListingPage>
  )
}

const TIERS = ['platinum', 'gold', 'silver', 'bronze', 'backer'] as const

/** /enterprise/sponsors: sponsors grouped by tier, the highest first. */
export function SponsorsPage() {
  const listing = useSuspenseQuery(sponsorsQuery()).data
  if (!listing) return null
  return (
    <ListingPage header={listing.header} source={listing.source}>
      {TIERS.map((tier) => {
        const sponsors = listing.items.filter((s) => s.tier === tier)
        if (!sponsors.length) return null
        const title = `${tier[0]?.toUpperCase()}${tier.slice(1)} sponsors`
        return (
          <Section key={tier} title={title}>
            <Grid label={title} columns={4}>
              {sponsors.map((sponsor) => (
                <GridItem key={sponsor.url}>
                  <Card title={sponsor.name} to={sponsor.url} icon={<img src={sponsor.logo} alt="" width={28} height={28} className="listing-logo" />} />
                </GridItem>
              ))}
            </Grid>
          </Section>
        )
      })}
    </ListingPage>
  )
}
