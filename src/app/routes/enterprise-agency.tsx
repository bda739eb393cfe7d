import { useLoaderData } from 'react-router-dom'

import { AgencyPage } from '@/features/enterprise/pages'
import type { LoadedPage } from '@/lib/content/page'

/** /enterprise/agencies/{slug}: the agency's page, loaded as any Markdown page (an unknown slug is the fatal 404). */
export { loader } from './content'

export function Component() {
  return <AgencyPage loaded={useLoaderData<LoadedPage>()} />
}
