import { useSuspenseQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link, useLocation } from 'react-router-dom'

import { ListingPage } from '@/components/content/listing-page'
import { PostCard } from '@/components/content/post-card'
import { PostByline } from '@/components/content/post-meta'
import { Badge } from '@/components/ui/badge/badge'
import { cardClass } from '@/components/ui/card/card'
import { ChipGroup } from '@/components/ui/chip-group/chip-group'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { Icon } from '@/components/ui/icon'
import { site, sitePath } from '@/config/site'
import { blogCategories } from '@/contract/content/categories'
import { defaultLocale } from '@/contract/locales'
import { paths } from '@/contract/paths'
import { languageName } from '@/lib/format'
import { useQueryFilters } from '@/lib/search-params'
import { useLabels, usePageLang, useWords } from '@/lib/ui-words'

import { blogOf, type BlogPost, blogQuery, publishedPosts } from '../api'

import './blog.css'

type Category = (typeof blogCategories)[number]
const isCategory = (value: string | null): value is Category => blogCategories.some((c) => c === value)

/**
 * /blog: the newest post featured, then every other post as a card grid. A category
 * filter (chips with counts) lives in the URL (`?category=Tutorial`), so a link to a
 * category and the back button keep it; the feeds are linked beside it. A translated
 * blog (`/es/blog`) lists its own posts, its feeds and words in its language.
 */
export function BlogPage() {
  const { pathname } = useLocation()
  const blog = blogOf(pathname)
  const listing = useSuspenseQuery(blogQuery(pathname)).data
  const say = useWords()
  const label = useLabels()
  const { params, setParam } = useQueryFilters()
  const requested = params.get('category')
  const category = isCategory(requested) ? requested : undefined
  const posts = useMemo(() => publishedPosts(listing?.items ?? []), [listing])
  const chips = useMemo(
    () =>
      blogCategories.flatMap((value) => {
        const count = posts.filter((post) => post.category === value).length
        return count ? [{ value, label: label(value), count }] : []
      }),
    [posts, label],
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
        <ChipGroup label={say('blogCategories')} chips={chips} value={category} onChange={choose} />
        <p className="blog-feeds">
          <Icon name="i-lucide-rss" />
          <span>{say('blogFollow')}</span>
          <a href={sitePath(blog.rss)}>RSS</a>
          <a href={sitePath(blog.atom)}>Atom</a>
        </p>
      </div>
      <h2 className="listing-count blog-count" aria-live="polite">
        {category ? say(shown.length === 1 ? 'blogCountOne' : 'blogCount', { count: shown.length, category: label(category) }) : say('blogMorePosts')}
      </h2>
      {rest.length ? (
        <Grid label={say('blogPosts')}>
          {rest.map((post) => (
            <GridItem key={post.path}>
              <PostCard post={post} />
            </GridItem>
          ))}
        </Grid>
      ) : (
        <EmptyState title={say('blogEmpty')} description={category ? say('blogEmptyCategory', { category: label(category) }) : say('blogEmptyFirst')} />
      )}
      {blog.path === blog.original ? null : <OriginalBlog />}
    </ListingPage>
  )
}

/**
 * Below a translated blog, the way to the posts not translated: the original blog,
 * its language named in the page's (`Todos los artículos, en inglés`).
 */
function OriginalBlog() {
  const say = useWords()
  const lang = usePageLang()
  const original = defaultLocale(site)
  const language = languageName(original.lang, lang) ?? original.label
  return (
    <p className="blog-original">
      <Link to={paths.blog()} hrefLang={original.lang}>
        {say('blogOriginal', { language })}
        <Icon name="i-lucide-arrow-right" />
      </Link>
    </p>
  )
}

/** The newest post, large: cover beside the text on wide screens, above it on phones. */
function FeaturedPost({ post }: { post: BlogPost }) {
  const say = useWords()
  const label = useLabels()
  return (
    <article className={cardClass({ linked: true, className: 'blog-featured' })} aria-labelledby="blog-featured-title">
      <img src={sitePath(post.image)} alt="" width={1200} height={630} className="blog-featured-image" />
      <div className="blog-featured-text">
        <p className="blog-featured-eyebrow">
          <Badge>{say('blogLatest')}</Badge> <Badge color="neutral">{label(post.category)}</Badge>
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
