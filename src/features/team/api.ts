import { paths } from '@/contract/paths'
import { listingQuery } from '@/lib/content/listing'

/** /team: the page's header and its team rows, from the page's payload (or the database). */
export const teamQuery = () => listingQuery(paths.team(), 'team')
