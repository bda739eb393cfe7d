import { paths } from '@/contract/paths'
import { listingQuery } from '@/lib/content/listing'

/** /design-kit: the page's header and its designKit rows, from the page's payload (or the database). */
export const designKitQuery = () => listingQuery(paths.designKit(), 'designKit')
