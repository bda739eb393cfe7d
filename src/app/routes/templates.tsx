import { TemplatesPage, templatesQuery } from '../../features/templates'
import { queryClient } from '../../lib/query-client'
import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(templatesQuery()))
export const Component = TemplatesPage
