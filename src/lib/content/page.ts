import { queryOptions } from '@tanstack/react-query'

import type { DocsCollectionName } from '@/contract/content/collection-types'

import { draftPage } from '../preview'
import { queryClient } from '../query-client'
import { docsCollectionOf } from './docs-versions'
import { contentClient, queryCollection, queryCollectionItemSurroundings } from './index'
import { type PagePayload,payloadQuery } from './payload'
import { contentKey } from './query-key'

export interface LoadedPage {
  /** Where the data came from: the route's payload, the collection's database, or its drafts (preview mode). */
  source: 'payload' | 'database' | 'draft'
  data: PagePayload
}

/**
 * A content route's data, from whichever is ready first without a large download:
 * the collection's database once it is loaded (or on the query endpoint), otherwise
 * the route's payload, so the first page of a visit never waits for a dump. A path
 * with neither may be a draft, shown in preview mode only.
 */
async function loadContentPage(path: string): Promise<LoadedPage | null> {
  const collection = docsCollectionOf(path)
  if (collection && contentClient.isReady(collection)) return fromDatabase(collection, path)
  try {
    const data = await queryClient.ensureQueryData(payloadQuery(path))
    return data ? { source: 'payload', data } : draftPage(path)
  } catch (error) {
    // Offline (or the payload out of reach): the version's database, when this browser
    // keeps it (a version read before, or downloaded for offline reading).
    if (collection && (await contentClient.warm(collection))) return fromDatabase(collection, path)
    throw error
  }
}

async function fromDatabase(collection: DocsCollectionName, path: string): Promise<LoadedPage | null> {
  // Both asked at once: one wait for the worker, not two in a row.
  const [page, surround] = await Promise.all([queryCollection(collection).where('path', '=', path).first(), queryCollectionItemSurroundings(collection, path)])
  if (!page) return draftPage(path)
  return { source: 'database', data: { path, collection, page: { ...page }, surround } }
}

/**
 * The page at `path` (null when there is none), cached for the build. A link's
 * prefetch fills the payload query it reads; the route loader then resolves it
 * from there, or from the database once that is loaded.
 */
export function contentPageQuery(path: string) {
  return queryOptions({ queryKey: contentKey('page', path), queryFn: () => loadContentPage(path), staleTime: Infinity })
}
