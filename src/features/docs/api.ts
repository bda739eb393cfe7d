import { type LoaderFunctionArgs, redirect } from 'react-router-dom'

import { loadMarkdown, prepareBody } from '@/components/markdown'
import { routeUrl, site } from '@/config/site'
import { localeOf, localizedPath } from '@/contract/locales'
import { docsCollectionOf, docsVersions, editions, isInside } from '@/lib/content/docs-versions'
import { navigationQuery, type NavItem } from '@/lib/content/index'
import { contentPageQuery, type LoadedPage } from '@/lib/content/page'
import { pageNotFound } from '@/lib/errors'
import { queryClient } from '@/lib/query-client'

export { contentPageQuery, navigationQuery }

export interface DocsData extends LoadedPage {
  navigation: NavItem[]
}

/**
 * /docs/{slug}: the page from its version's collection (payload first, then the
 * database) with the version's sidebar tree, both through the query cache, so a link
 * prefetched on sight opens from memory. A path outside any version moves under the
 * default one (of its locale: /es/docs/x under /es/docs/4.x); a missing page is the fatal 404.
 */
export async function docsLoader({ request }: LoaderFunctionArgs): Promise<DocsData> {
  const url = routeUrl(request)
  const locale = localeOf(site, url.pathname).code
  const first = editions.find((v) => v.locale === locale)
  if (first && !docsVersions.some((v) => isInside(url.pathname, v.path))) {
    throw redirect(first.path + url.pathname.slice(localizedPath(site, '/docs', locale).length) + url.search)
  }
  const collection = docsCollectionOf(url.pathname)
  const [loaded, navigation] = await Promise.all([
    queryClient.ensureQueryData(contentPageQuery(url.pathname)),
    collection ? queryClient.ensureQueryData(navigationQuery(collection)).catch(() => []) : Promise.resolve([]),
    loadMarkdown(),
  ])
  if (!loaded) return pageNotFound(url.pathname)
  await prepareBody(loaded.data.page?.body)
  return { ...loaded, navigation }
}
