import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '@/components/content/listing-page'
import { Badge } from '@/components/ui/badge/badge'
import { CallToAction } from '@/components/ui/call-to-action/call-to-action'
import { Card } from '@/components/ui/card/card'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { Icon } from '@/components/ui/icon'

import { callSchema, jobsQuery, jobsSchema } from '../api'

import './enterprise.css'

/** /enterprise/jobs: open positions across the ecosystem, each a card to the company's posting; then how to list a job. */
export function JobsPage() {
  const listing = useSuspenseQuery(jobsQuery()).data
  if (!listing) return null
  const parsed = jobsSchema.safeParse(listing.header.meta.jobs)
  const jobs = parsed.success ? parsed.data : []
  const post = callSchema.safeParse(listing.header.meta.post)
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <h2 className="listing-count">{jobs.length === 1 ? '1 open position' : `${jobs.length} open positions`}</h2>
      {jobs.length ? (
        <Grid label="Jobs" columns={2}>
          {jobs.map((job) => (
            <GridItem key={job.link}>
              <Card
                title={job.title}
                to={job.link}
                icon="i-lucide-briefcase"
                eyebrow={
                  <>
                    {job.remote ? <Badge color="info">Remote</Badge> : <Badge color="neutral">On site</Badge>}
                    {job.type ? <Badge color="neutral">{job.type}</Badge> : null}
                  </>
                }
                description={<span className="job-company">{job.company}</span>}
                footer={
                  <span className="listing-meta">
                    <Icon name="i-lucide-map-pin" /> {job.location}
                  </span>
                }
              />
            </GridItem>
          ))}
        </Grid>
      ) : (
        <EmptyState icon="i-lucide-briefcase" title="No open positions right now" description="Check back soon, or subscribe to the newsletter to hear about new roles." />
      )}
      {post.success ? <CallToAction title={post.data.title} description={post.data.description} links={post.data.links} /> : null}
    </ListingPage>
  )
}
