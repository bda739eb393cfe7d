import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '@/components/content/listing-page'
import { Badge } from '@/components/ui/badge/badge'
import { Card } from '@/components/ui/card/card'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { Section } from '@/components/ui/section/section'

import { videoCoursesQuery } from '../api'

/** /video-courses: courses with their cover, price badge and a link to watch; sponsors' courses first. */
export function VideoCoursesPage() {
  const listing = useSuspenseQuery(videoCoursesQuery()).data
  if (!listing) return null
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title="Courses">
        <Grid label="Video courses">
          {[...listing.items]
            .sort((a, b) => Number(b.sponsor) - Number(a.sponsor) || a.name.localeCompare(b.name))
            .map((course) => (
              <GridItem key={course.slug}>
                <Card
                  title={course.name}
                  to={course.url}
                  image={course.screenshotUrl ? { src: course.screenshotUrl, width: 640, height: 360 } : undefined}
                  eyebrow={
                    <>
                      {course.badge ? <Badge color={course.badge === 'Free' ? 'primary' : 'important'}>{course.badge}</Badge> : null}
                      {course.sponsor ? <Badge color="info">Sponsor</Badge> : null}
                    </>
                  }
                  description={course.description}
                />
              </GridItem>
            ))}
        </Grid>
      </Section>
    </ListingPage>
  )
}
