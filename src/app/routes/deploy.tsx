import { deployQuery } from '@/features/deploy'
import { DeployPage } from '@/features/deploy/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(deployQuery()))
export const Component = DeployPage
