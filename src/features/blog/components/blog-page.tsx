import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '../../../components/content/listing-page'
import { AvatarGroup } from '../../../components/ui/avatar/avatar'
import { Badge } from '../../../components/ui/badge/badge'
import { Card } from '../../../components/ui/card/card'
import { Grid, GridItem } from '../../../components/ui/grid/grid'
import { Section } from '../../../components/ui/section/section'
import { longDate, relativeTime } from '../../../lib/format'
import { blogQuery } from '../api'

/** /blog: the posts, newest first, each with its cover, category, authors and date. */
export function BlogPage() {
  const listing = useSuspenseQuery(blogQuery()).data
  if (!listing) return null
  const posts = listing.items.filter((post) => !post.draft).sort((a, b) => b.date.localeCompare(a.date))
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title="Latest posts">
        <Grid label="Blog posts">
          {posts.map((post) => (
            <GridItem key={post.path}>
              <Card
                title={post.title}
                to={post.path}
                image={{ src: post.image, width: 640, height: 360 }}
                eyebrow={<Badge color="neutral">{post.category}</Badge>}
                description={post.description}
                footer={
                  <>
                    <AvatarGroup people={post.authors} />
                    <span>{post.authors.map((a) => a.name).join(', ')}</span>
                    <time dateTime={post.date} title={longDate(post.date)}>
                      {relativeTime(post.date)}
                    </time>
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
