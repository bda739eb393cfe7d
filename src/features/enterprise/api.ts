import { paths } from '../../config/paths'
import { sponsorTiers } from '../../lib/content/categories'
import { listingQuery } from '../../lib/content/listing'

/** /enterprise/support: the header and the support offers. */
export const supportQuery = () => listingQuery(paths.enterpriseSupport(), 'support')
/** /enterprise/agencies: the header and the partner agencies. */
export const agenciesQuery = () => listingQuery(paths.enterpriseAgencies(), 'agencies')
/** /enterprise/sponsors: the header and the sponsors, by tier. */
export const sponsorsQuery = () => listingQuery(paths.enterpriseSponsors(), 'manualSponsors')
/** /enterprise: the overview's header and its sections. */
export const enterpriseQuery = () => listingQuery(paths.enterprise(), 'landing')
/** /enterprise/jobs: the header and the open positions (in its front matter). */
export const jobsQuery = () => listingQuery(paths.enterpriseJobs(), 'landing')

export const SPONSOR_TIERS = sponsorTiers
export type SponsorTier = (typeof sponsorTiers)[number]
/** `gold` → `Gold`. */
export const tierLabel = (tier: SponsorTier) => `${tier[0]?.toUpperCase()}${tier.slice(1)}`
