import { paths } from '@/contract/paths'
import { listingQuery } from '@/lib/content/listing'

/** /showcase: the page's header and its showcase rows, from the page's payload (or the database). */
export const showcaseQuery = () => listingQuery(paths.showcase(), 'showcase')
