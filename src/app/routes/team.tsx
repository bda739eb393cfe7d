import { teamQuery } from '@/features/team'
import { TeamPage } from '@/features/team/pages'
import { queryClient } from '@/lib/query-client'

import { pageLoader } from './page-loader'

export const loader = pageLoader(() => queryClient.ensureQueryData(teamQuery()))
export const Component = TeamPage
