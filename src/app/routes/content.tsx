import { type LoaderFunctionArgs, useLoaderData } from 'react-router-dom'

import { ContentPage } from '@/components/content/content-page'
import { loadMarkdown, prepareBody } from '@/components/markdown'
import { routeUrl } from '@/config/site'
import { contentPageQuery, type LoadedPage } from '@/lib/content/page'
import { pageNotFound } from '@/lib/errors'
import { queryClient } from '@/lib/query-client'

/**
 * A plain Markdown page's route: its loader warms the page query (the payload, or the
 * collection's database once loaded) with the renderer's code beside it. A page
 * whose data does not exist fails validation: the fatal 404.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<LoadedPage> {
  const path = routeUrl(request).pathname
  const [loaded] = await Promise.all([queryClient.ensureQueryData(contentPageQuery(path)), loadMarkdown()])
  if (!loaded) return pageNotFound(path)
  await prepareBody(loaded.data.page?.body)
  return loaded
}

export function Component() {
  return <ContentPage loaded={useLoaderData<LoadedPage>()} />
}
