import { paths } from '../../config/paths'
import { listingQuery } from '../../lib/content/listing'

/** /: the index page (hero, features, body). */
export const landingQuery = () => listingQuery(paths.home(), 'index')
