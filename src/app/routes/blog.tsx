import { blogQuery } from '@/features/blog'
import { BlogPage } from '@/features/blog/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(blogQuery()))
export const Component = BlogPage
