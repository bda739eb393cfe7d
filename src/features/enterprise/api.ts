import { paths } from '../../config/paths'
import { listingQuery } from '../../lib/content/listing'

/** /enterprise/support: the header and the support offers. */
export const supportQuery = () => listingQuery(paths.enterpriseSupport(), 'support')
/** /enterprise/agencies: the header and the partner agencies. */
export const agenciesQuery = () => listingQuery(paths.enterpriseAgencies(), 'agencies')
/** /enterprise/sponsors: the header and the sponsors, by tier. */
export const sponsorsQuery = () => listingQuery(paths.enterpriseSponsors(), 'manualSponsors')
