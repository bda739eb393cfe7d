import { site } from '@/config/site'
import type { DocsCollectionName } from '@/contract/content/collection-types'
import { isInside } from '@/contract/links'
import { type DocsEdition, docsEditions, localeOf } from '@/contract/locales'

export interface DocsVersionRoute {
  path: string
  collection: DocsCollectionName
}

function isDocsCollection(name: string): name is DocsCollectionName {
  return name.startsWith('docs')
}

/** Every docs edition of the site (each version, and each locale's translations of it). */
export const editions: DocsEdition[] = docsEditions(site)

/** The docs editions of the site config, with their collections. */
export const docsVersions: DocsVersionRoute[] = editions.flatMap((v) => (isDocsCollection(v.collection) ? [{ path: v.path, collection: v.collection }] : []))

export { isInside } from '@/contract/links'

/** The docs collection a path belongs to, if any. */
export function docsCollectionOf(path: string, versions: readonly DocsVersionRoute[] = docsVersions): DocsCollectionName | undefined {
  return versions.find((v) => isInside(path, v.path))?.collection
}

/**
 * The docs edition a path is in: its own, else the first of its locale's, else the first
 * version (SPEC: 3 under /docs/3.x, otherwise 4; under /es, Spanish where translated).
 */
export function versionOf(pathname: string): DocsEdition | undefined {
  const locale = localeOf(site, pathname).code
  return editions.find((v) => isInside(pathname, v.path)) ?? editions.find((v) => v.locale === locale) ?? editions[0]
}

/** A version as readers name it, from its path: `/docs/4.x` → `4.x`. */
export function versionName(version: { path: string }): string {
  return version.path.slice(version.path.lastIndexOf('/') + 1)
}
