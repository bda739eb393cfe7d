import type { LoaderFunctionArgs } from 'react-router-dom'

import { loadMarkdownWithParser } from '@/components/markdown'
import { routeUrl } from '@/config/site'
import { pageNotFound } from '@/lib/errors'

/**
 * A route loader from a feature's data: it warms the feature's query (so the page
 * renders from the cache), fetches the Markdown renderer beside it when the page has
 * a body, and turns "no such page" into the fatal 404 (or the manifest's redirect).
 */
export function pageLoader<T>(load: (args: LoaderFunctionArgs) => Promise<T | null>, { markdown = false } = {}) {
  return async (args: LoaderFunctionArgs): Promise<T> => {
    const [data] = await Promise.all([load(args), markdown ? loadMarkdownWithParser() : undefined])
    return data ?? pageNotFound(routeUrl(args.request).pathname)
  }
}
