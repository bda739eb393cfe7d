import { site } from '@/config/site'

/**
 * What the search palette reads besides a docs version's search records, for the sections
 * switched on: the blog's search records and the hosting providers' table. The palette
 * loads them; a docs version downloaded for offline reading keeps them too, so the
 * palette offline searches what an online one does.
 */
export interface PaletteCollection {
  collection: 'blog' | 'deploy'
  /** What the palette reads: the collection's search file, or its database (through the content worker). */
  part: 'search' | 'database'
  /** The palette's group for its results, as readers see it. */
  label: string
}

export const paletteCollections: readonly PaletteCollection[] = [
  ...(site.sections.blog ? [{ collection: 'blog', part: 'search', label: 'Blog' } as const] : []),
  ...(site.sections.deploy ? [{ collection: 'deploy', part: 'database', label: 'Hosting' } as const] : []),
]
