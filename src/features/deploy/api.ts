import { paths } from '../../config/paths'
import { listingQuery } from '../../lib/content/listing'

/** /deploy: the page's header and its deploy rows, from the page's payload (or the database). */
export const deployQuery = () => listingQuery(paths.deploy(), 'deploy')
