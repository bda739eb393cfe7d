import type { DocsCollectionName } from './collection-types'
import { contentClient, queryCollection, queryCollectionItemSurroundings } from './index'
import { fetchPayload, type PagePayload } from './payload'

export interface LoadedPage {
  /** Where the data came from: the route's payload, or the collection's database. */
  source: 'payload' | 'database'
  data: PagePayload
}

export interface DocsVersionRoute {
  path: string
  collection: DocsCollectionName
}

/**
 * A content route's data, from whichever is ready first without a large download:
 * the collection's database once it is loaded (or on the query endpoint), otherwise
 * the route's payload, so the first page of a visit never waits for a dump.
 */
export async function loadContentPage(path: string, versions: readonly DocsVersionRoute[]): Promise<LoadedPage | null> {
  const collection = docsCollectionOf(path, versions)
  if (collection && contentClient.isReady(collection)) {
    const page = await queryCollection(collection).where('path', '=', path).first()
    if (!page) return null
    const surround = await queryCollectionItemSurroundings(collection, path)
    return { source: 'database', data: { path, collection, page: { ...page }, surround } }
  }
  const data = await fetchPayload(path)
  return data ? { source: 'payload', data } : null
}

/** Whether `path` is `base` or below it: `/docs/4.x/a` is inside `/docs/4.x`, `/docs/4.xyz` is not. */
export function isInside(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`)
}

/** The docs collection a path belongs to, if any. */
export function docsCollectionOf(path: string, versions: readonly DocsVersionRoute[]): DocsCollectionName | undefined {
  return versions.find((v) => isInside(path, v.path))?.collection
}

