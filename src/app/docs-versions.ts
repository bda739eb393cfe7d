import { site } from '../config/site'
import type { DocsCollectionName } from '../lib/content/collection-types'
import type { DocsVersionRoute } from '../lib/content/page'

function isDocsCollection(name: string): name is DocsCollectionName {
  return name === 'docsv4' || name === 'docsv3'
}

/** The docs versions of the site config, with their collections. */
export const docsVersions: DocsVersionRoute[] = site.docs.versions.flatMap((v) => (isDocsCollection(v.collection) ? [{ path: v.path, collection: v.collection }] : []))
