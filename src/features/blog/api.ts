import { site } from '@/config/site'
import type { Collections } from '@/contract/content/collection-types'
import { blogEditionFor } from '@/contract/locales'
import { listingQuery } from '@/lib/content/listing'

export type BlogPost = Collections['blog']

/** The blog a page at `path` reads: `/blog`, or its language's (`/es/blog`) where the site translates the blog. */
export const blogOf = (path: string) => blogEditionFor(site, path)

/** /blog (or `/es/blog`): the page's header and its blog rows, from the page's payload (or the database). */
export function blogQuery(path: string) {
  const blog = blogOf(path)
  return listingQuery(blog.path, blog.collection)
}

export { publishedPosts } from '@/contract/content/blog'

/** Minutes to read a body at 220 words a minute (code included), at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((word) => /\w/.test(word)).length
  return Math.max(1, Math.round(words / 220))
}
