import { DesignKitPage, designKitQuery } from '../../features/design-kit'
import { queryClient } from '../../lib/query-client'
import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(designKitQuery()))
export const Component = DesignKitPage
