import { site } from '@/config/site'
import type { DocsCollectionName } from '@/contract/content/collection-types'
import { isInside } from '@/contract/links'

export interface DocsVersionRoute {
  path: string
  collection: DocsCollectionName
}

function isDocsCollection(name: string): name is DocsCollectionName {
  return name === 'docsv4' || name === 'docsv3'
}

/** The docs versions of the site config, with their collections. */
export const docsVersions: DocsVersionRoute[] = site.docs.versions.flatMap((v) => (isDocsCollection(v.collection) ? [{ path: v.path, collection: v.collection }] : []))

export { isInside } from '@/contract/links'

/** The docs collection a path belongs to, if any. */
export function docsCollectionOf(path: string, versions: readonly DocsVersionRoute[] = docsVersions): DocsCollectionName | undefined {
  return versions.find((v) => isInside(path, v.path))?.collection
}

/** The site's docs version a path is in: its own, else the first (SPEC: 3 under /docs/3.x, otherwise 4). */
export function versionOf(pathname: string) {
  const versions = site.docs.versions
  return versions.find((v) => isInside(pathname, v.path)) ?? versions[0]
}

/** A version as readers name it, from its path: `/docs/4.x` → `4.x`. */
export function versionName(version: { path: string }): string {
  return version.path.slice(version.path.lastIndexOf('/') + 1)
}
