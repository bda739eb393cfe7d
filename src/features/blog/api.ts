import type { Collections } from '@/contract/content/collection-types'
import { paths } from '@/contract/paths'
import { listingQuery } from '@/lib/content/listing'

export type BlogPost = Collections['blog']

/** /blog: the page's header and its blog rows, from the page's payload (or the database). */
export const blogQuery = () => listingQuery(paths.blog(), 'blog')

export { publishedPosts } from '@/contract/content/blog'

/** Minutes to read a body at 220 words a minute (code included), at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((word) => /\w/.test(word)).length
  return Math.max(1, Math.round(words / 220))
}
