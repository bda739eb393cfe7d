import { routeUrl } from '@/config/site'
import { blogQuery } from '@/features/blog'
import { BlogPage } from '@/features/blog/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

/** /blog, and a translated blog's listing (`/es/blog`). */
export const loader = pageLoader(({ request }) => queryClient.ensureQueryData(blogQuery(routeUrl(request).pathname)))
export const Component = BlogPage
