import { useLoaderData } from 'react-router-dom'

import { ProviderPage } from '@/features/deploy/pages'
import type { LoadedPage } from '@/lib/content/page'

/** /deploy/{slug}: the provider's page, loaded as any Markdown page (an unknown slug is the fatal 404). */
export { loader } from './content'

export function Component() {
  return <ProviderPage loaded={useLoaderData<LoadedPage>()} />
}
