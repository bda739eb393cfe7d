import { isInside } from '@/contract/links'

/**
 * SPEC point 5: a docs version's search keeps its own pages; blog posts always come
 * along. (On its own, away from the ranking's text handling: the header's launcher
 * starts the palette's query, so this is in every page's code.)
 */
export function inScope(id: string, versionPath: string): boolean {
  return isInside(id, versionPath) || isInside(id, '/blog')
}
