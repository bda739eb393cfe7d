import { isInside } from '@/contract/links'

/** A blog's page: `/blog/...`, or a translated blog's under a locale's code (`/es/blog/...`, `/pt-br/blog`). */
const BLOG_PAGE = /^(?:\/[a-z]{2,3}(?:-[a-z0-9]{2,8})*)?\/blog(?:[/#?]|$)/

/**
 * SPEC point 5: a docs version's search keeps its own pages; blog posts always come
 * along (a translated blog's on its language's pages). (On its own, away from the
 * ranking's text handling: the header's launcher starts the palette's query, so this is
 * in every page's code.)
 */
export function inScope(id: string, versionPath: string): boolean {
  return isInside(id, versionPath) || BLOG_PAGE.test(id)
}
