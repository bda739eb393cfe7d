import { templatesQuery } from '@/features/templates'
import { TemplatesPage } from '@/features/templates/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(templatesQuery()))
export const Component = TemplatesPage
