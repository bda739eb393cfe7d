import { useSuspenseQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router-dom'

import { ListingPage } from '@/components/content/listing-page'
import { PostCard } from '@/components/content/post-card'
import { PostByline } from '@/components/content/post-meta'
import { Badge } from '@/components/ui/badge/badge'
import { cardClass } from '@/components/ui/card/card'
import { ChipGroup } from '@/components/ui/chip-group/chip-group'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { Icon } from '@/components/ui/icon'
import { sitePath } from '@/config/site'
import { blogCategories } from '@/contract/content/categories'
import { paths } from '@/contract/paths'
import { useQueryFilters } from '@/lib/search-params'

import { type BlogPost, blogQuery, publishedPosts } from '../api'

import './blog.css'

type Category = (typeof blogCategories)[number]
const isCategory = (value: string | null): value is Category => blogCategories.some((c) => c === value)

/**
 * /blog: the newest post featured, then every other post as a card grid. A category
 * filter (chips with counts) lives in the URL (`?category=Tutorial`), so a link to a
 * category and the back button keep it; the feeds are linked beside it.
 */
export function BlogPage() {
  const listing = useSuspenseQuery(blogQuery()).data
  const { params, setParam } = useQueryFilters()
  const requested = params.get('category')
  const category = isCategory(requested) ? requested : undefined
  const posts = useMemo(() => publishedPosts(listing?.items ?? []), [listing])
  const chips = useMemo(
    () =>
      blogCategories.flatMap((value) => {
        const count = posts.filter((post) => post.category === value).length
        return count ? [{ value, label: value, count }] : []
      }),
    [posts],
  )
  if (!listing) return null
  const shown = category ? posts.filter((post) => post.category === category) : posts
  // The newest post is featured on the unfiltered blog; a category shows its posts as cards.
  const featured = category ? undefined : shown[0]
  const rest = category ? shown : shown.slice(1)
  const choose = (value: string | undefined) => setParam('category', value)

  return (
    <ListingPage header={listing.header} source={listing.source}>
      {featured ? <FeaturedPost post={featured} /> : null}
      <div className="blog-toolbar">
        <ChipGroup label="Categories" chips={chips} value={category} onChange={choose} />
        <p className="blog-feeds">
          <Icon name="i-lucide-rss" />
          <span>Follow:</span>
          <a href={sitePath(paths.blogRss())}>RSS</a>
          <a href={sitePath(paths.blogAtom())}>Atom</a>
        </p>
      </div>
      <h2 className="listing-count blog-count" aria-live="polite">
        {category ? `${shown.length} ${shown.length === 1 ? 'post' : 'posts'} in ${category}` : 'More posts'}
      </h2>
      {rest.length ? (
        <Grid label="Blog posts">
          {rest.map((post) => (
            <GridItem key={post.path}>
              <PostCard post={post} />
            </GridItem>
          ))}
        </Grid>
      ) : (
        <EmptyState title="No posts yet" description={category ? `Nothing in ${category} yet. Try another category.` : 'The first post is on its way.'} />
      )}
    </ListingPage>
  )
}

/** The newest post, large: cover beside the text on wide screens, above it on phones. */
function FeaturedPost({ post }: { post: BlogPost }) {
  return (
    <article className={cardClass({ linked: true, className: 'blog-featured' })} aria-labelledby="blog-featured-title">
      <img src={sitePath(post.image)} alt="" width={1200} height={630} className="blog-featured-image" />
      <div className="blog-featured-text">
        <p className="blog-featured-eyebrow">
          <Badge>Latest</Badge> <Badge color="neutral">{post.category}</Badge>
        </p>
        <h2 id="blog-featured-title" className="blog-featured-title">
          <Link to={post.path} className="ui-card-link">
            {post.title}
          </Link>
        </h2>
        <p className="blog-featured-description">{post.description}</p>
        <PostByline authors={post.authors} date={post.date} avatarSize={28} />
      </div>
    </article>
  )
}
