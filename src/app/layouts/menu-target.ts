import { site } from '@/config/site'
import { blogEditionFor } from '@/contract/locales'
import { docsCollectionOf, isInside, versionOf } from '@/lib/content/docs-versions'
import { navigationQuery, type NavItem } from '@/lib/content/index'
import { queryClient } from '@/lib/query-client'

/**
 * Where an unversioned docs menu entry (`/docs/api`) goes from `pathname`: into the
 * version being read, in the page's language where that part is translated (the
 * translation's sidebar, which the page's loader put in the query cache, says), else in
 * the version's own language, so no entry leads to a page that does not exist.
 */
function docsMenuTarget(rest: string, pathname: string): string {
  const edition = versionOf(pathname)
  if (!edition) return `/docs${rest}`
  const wanted = edition.path + rest
  const collection = docsCollectionOf(pathname)
  const tree = collection ? queryClient.getQueryData(navigationQuery(collection).queryKey) : undefined
  const has = (items: readonly NavItem[]): boolean => items.some((item) => isInside(item.path, wanted) || has(item.children ?? []))
  return edition.path === edition.original || has(tree ?? []) ? wanted : edition.original + rest
}

/**
 * Where a menu entry of the config (header, mobile menu, footer) leads from the page at
 * `pathname`: a docs entry into the version and language being read (`docsMenuTarget`),
 * the blog to the page's language's blog where the site translates it (`/es/blog`),
 * anything else where it says.
 */
export function menuTarget(to: string, pathname: string): string {
  if (to.startsWith('/docs/')) return docsMenuTarget(to.slice('/docs'.length), pathname)
  const blog = blogEditionFor(site, pathname)
  if (blog.path !== blog.original && isInside(to, blog.original)) return blog.path + to.slice(blog.original.length)
  return to
}
