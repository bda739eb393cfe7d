import { site } from '@/config/site'
import { type BlogCollectionName,blogEditions } from '@/contract/locales'

/**
 * What the search palette reads besides a docs version's search index, for the sections
 * switched on: the search records of the blog and of the hosting providers, each a file
 * of its collection (never its database: the first query must not wait for the database
 * worker, busy loading a docs version as a page starts). The palette loads them; a docs
 * version downloaded for offline reading keeps them too, so the palette offline searches
 * what an online one does.
 */
export interface PaletteCollection {
  collection: BlogCollectionName | 'deploy'
  /** The palette's group for its results, as readers see it. */
  label: string
}

/** What the palette reads on a page of the locale `code`: its language's blog where the site translates the blog (`blogEs`), else the blog. */
export function paletteCollectionsFor(code: string): readonly PaletteCollection[] {
  const blogs = blogEditions(site)
  const blog = blogs.find((b) => b.locale === code) ?? blogs[0]!
  return [
    ...(site.sections.blog ? [{ collection: blog.collection, label: 'Blog' }] : []),
    ...(site.sections.deploy ? [{ collection: 'deploy', label: 'Hosting' } as const] : []),
  ]
}
