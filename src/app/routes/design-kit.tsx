import { designKitQuery } from '@/features/design-kit'
import { DesignKitPage } from '@/features/design-kit/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(designKitQuery()))
export const Component = DesignKitPage
