import { paths } from '@/contract/paths'
import { listingQuery } from '@/lib/content/listing'

/** /templates: the page's header and its templates rows, from the page's payload (or the database). */
export const templatesQuery = () => listingQuery(paths.templates(), 'templates')
