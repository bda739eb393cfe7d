import { paths } from '../../config/paths'
import type { Collections } from '../../lib/content/collection-types'
import { listingQuery } from '../../lib/content/listing'

export type BlogPost = Collections['blog']

/** /blog: the page's header and its blog rows, from the page's payload (or the database). */
export const blogQuery = () => listingQuery(paths.blog(), 'blog')

/** Posts a reader may see (a production build has no drafts; a preview build keeps them out of lists), newest first. */
export function publishedPosts<P extends Pick<BlogPost, 'date' | 'title' | 'draft'>>(posts: readonly P[]): P[] {
  return posts.filter((post) => !post.draft).sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title))
}

/** Minutes to read a body at 220 words a minute (code included), at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((word) => /\w/.test(word)).length
  return Math.max(1, Math.round(words / 220))
}
