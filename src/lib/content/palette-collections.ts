import { site } from '@/config/site'

/**
 * What the search palette reads besides a docs version's search index, for the sections
 * switched on: the search records of the blog and of the hosting providers, each a file
 * of its collection (never its database: the first query must not wait for the database
 * worker, busy loading a docs version as a page starts). The palette loads them; a docs
 * version downloaded for offline reading keeps them too, so the palette offline searches
 * what an online one does.
 */
export interface PaletteCollection {
  collection: 'blog' | 'deploy'
  /** The palette's group for its results, as readers see it. */
  label: string
}

export const paletteCollections: readonly PaletteCollection[] = [
  ...(site.sections.blog ? [{ collection: 'blog', label: 'Blog' } as const] : []),
  ...(site.sections.deploy ? [{ collection: 'deploy', label: 'Hosting' } as const] : []),
]
