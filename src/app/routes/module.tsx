import { loadMarkdownWithParser } from '@/components/markdown'
import { moduleQuery } from '@/features/modules'
import { ModulePage } from '@/features/modules/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

// The renderer's code loads beside the module: its README is Markdown.
export const loader = pageLoader(async ({ params }) => (await Promise.all([queryClient.ensureQueryData(moduleQuery(params.slug ?? '')), loadMarkdownWithParser()]))[0])
export const Component = ModulePage
