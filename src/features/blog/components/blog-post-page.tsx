import { useSuspenseQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { Link, useLocation } from 'react-router-dom'

import { PostAuthors, PostDate } from '@/components/content/post-meta'
import { type RenderSurroundLink, Surround } from '@/components/content/surround'
import { FoldedTableOfContents, TableOfContents } from '@/components/content/table-of-contents'
import { MarkdownBody } from '@/components/markdown'
import { Badge } from '@/components/ui/badge/badge'
import { Icon } from '@/components/ui/icon'
import { PrefetchLink } from '@/components/ui/prefetch-link'
import { sitePath } from '@/config/site'
import { isPageBody } from '@/contract/content/body'
import type { LoadedPage } from '@/lib/content/page'
import { prefetchPage } from '@/lib/content/prefetch'
import { trustBuildOutput } from '@/lib/content/trusted'
import { usePageTitle } from '@/lib/page-effects'
import { useLabels, useWords } from '@/lib/ui-words'

import { blogOf, type BlogPost, blogQuery, publishedPosts, readingMinutes } from '../api'

import './blog.css'

// The older and newer posts' links prefetch them.
const renderPostLink: RenderSurroundLink = ({ to, className, children }) => (
  <PrefetchLink to={to} prefetch={prefetchPage} className={className}>
    {children}
  </PrefetchLink>
)

/**
 * /blog/{slug}: a post. Its category, date and reading time, the title and summary,
 * the authors, the cover, then the body through the docs' renderer with its table of
 * contents beside it (folded above it on narrow screens), and the newer and older
 * posts to read next.
 */
export function BlogPostPage({ loaded }: { loaded: LoadedPage }) {
  const post = trustBuildOutput<BlogPost>(loaded.data.page ?? {})
  usePageTitle(post.title)
  const { pathname } = useLocation()
  const say = useWords()
  const label = useLabels()
  const posts = publishedPosts(useSuspenseQuery(blogQuery(pathname)).data?.items ?? [])
  const index = posts.findIndex((p) => p.path === post.path)
  const newer = index > 0 ? posts[index - 1] : undefined
  const older = index >= 0 ? posts[index + 1] : undefined
  const body = isPageBody(post.body) ? post.body : undefined
  const toc = body?.toc.filter((entry) => entry.depth === 2 || entry.depth === 3) ?? []
  const minutes = readingMinutes(body?.value ?? '')

  return (
    <main id="main" tabIndex={-1} className="container blog-post" data-source={loaded.source}>
      <header className="blog-post-header">
        <Link to={blogOf(pathname).path} className="blog-post-back">
          <Icon name="i-lucide-arrow-left" /> {say('blog')}
        </Link>
        <p className="blog-post-eyebrow">
          {post.draft ? <Badge color="warning">{say('blogDraft')}</Badge> : null}
          <Badge color="neutral">{label(post.category)}</Badge>
          <PostDate date={post.date} />
          <span aria-hidden="true">·</span>
          <span>{say('blogMinutes', { minutes })}</span>
        </p>
        <h1>{post.title}</h1>
        {post.description ? <p className="blog-post-lead">{post.description}</p> : null}
        <PostAuthors authors={post.authors} size={36} />
      </header>
      {post.image ? <img src={sitePath(post.image)} alt="" width={1200} height={630} className="blog-post-cover" /> : null}
      <div className="blog-post-layout">
        <article className="blog-post-body" aria-label={post.title}>
          <FoldedTableOfContents toc={toc} title={say('onThisPage')} />
          {body ? (
            <Suspense>
              <MarkdownBody body={body} />
            </Suspense>
          ) : null}
        </article>
        {toc.length ? (
          <aside className="blog-post-aside">
            <TableOfContents toc={toc} title={say('onThisPage')} />
          </aside>
        ) : null}
      </div>
      <Surround
        label={say('blogMorePosts')}
        renderLink={renderPostLink}
        className="blog-post-more"
        previous={older ? { to: older.path, title: older.title, label: say('blogOlder') } : undefined}
        next={newer ? { to: newer.path, title: newer.title, label: say('blogNewer') } : undefined}
      />
    </main>
  )
}
