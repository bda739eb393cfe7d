import type { LoaderFunctionArgs } from 'react-router-dom'
import { useLoaderData } from 'react-router-dom'

import { routeUrl } from '@/config/site'
import { blogQuery } from '@/features/blog'
import { BlogPostPage } from '@/features/blog/pages'
import type { LoadedPage } from '@/lib/content/page'
import { queryClient } from '@/lib/query-client'

import { loader as contentLoader } from './content'

/** /blog/{slug} (or a translation's, `/es/blog/{slug}`): the post, loaded as any Markdown page (an unknown slug is the fatal 404), with its blog's posts for newer and older. */
export async function loader(args: LoaderFunctionArgs): Promise<LoadedPage> {
  const [loaded] = await Promise.all([contentLoader(args), queryClient.ensureQueryData(blogQuery(routeUrl(args.request).pathname))])
  return loaded
}

export function Component() {
  return <BlogPostPage loaded={useLoaderData<LoadedPage>()} />
}
