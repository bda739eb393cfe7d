import { paths } from '@/contract/paths'
import { NewsletterPage } from '@/features/newsletter/pages'
import { listingQuery } from '@/lib/content/listing'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(listingQuery(paths.newsletter(), 'index')), { markdown: true })
export const Component = NewsletterPage
