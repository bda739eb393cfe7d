import type { Collections } from '@/contract/content/collection-types'
import { paths } from '@/contract/paths'
import { listingQuery } from '@/lib/content/listing'

export type DeployProvider = Omit<Collections['deploy'], 'body'>

/** /deploy: the page's header and its deploy rows, from the page's payload (or the database). */
export const deployQuery = () => listingQuery(paths.deploy(), 'deploy')
