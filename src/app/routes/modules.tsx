import type { ShouldRevalidateFunctionArgs } from 'react-router-dom'

import { modulesQuery } from '@/features/modules'
import { ModulesPage } from '@/features/modules/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(modulesQuery()))
export const Component = ModulesPage
// The filters live in the URL query: changing them is not a new page to load.
export const shouldRevalidate = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
