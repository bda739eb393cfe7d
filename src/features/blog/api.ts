import { paths } from '../../config/paths'
import { listingQuery } from '../../lib/content/listing'

/** /blog: the page's header and its blog rows, from the page's payload (or the database). */
export const blogQuery = () => listingQuery(paths.blog(), 'blog')
