import { agencyRegions, agencyServices, sponsorTiers } from '@/contract/content/categories'
import type { Collections } from '@/contract/content/collection-types'
import { paths } from '@/contract/paths'
import { z } from '@/contract/zod'
import { listingQuery, listingsQuery } from '@/lib/content/listing'

/** /enterprise/support: the header and the support offers. */
export const supportQuery = () => listingQuery(paths.enterpriseSupport(), 'support')
/** /enterprise/agencies: the header and the partner agencies. */
export const agenciesQuery = () => listingQuery(paths.enterpriseAgencies(), 'agencies')
/** /enterprise/sponsors: the header and the sponsors, by tier. */
export const sponsorsQuery = () => listingQuery(paths.enterpriseSponsors(), 'manualSponsors')
/** /enterprise/jobs: the header and the open positions (in its front matter). */
export const jobsQuery = () => listingQuery(paths.enterpriseJobs(), 'landing')

export type Agency = Omit<Collections['agencies'], 'body'>

/** `/enterprise/support/code-review` → `code-review`: a plan's anchor on the support page. */
export const planAnchor = (plan: Pick<Collections['support'], 'path'>) => plan.path.split('/').pop() ?? ''

/** /enterprise: its header and what the pages below it hold (the build lists them in its payload). */
export const enterpriseQuery = () => listingsQuery(paths.enterprise(), ['support', 'agencies', 'manualSponsors'])

export type AgencyRegion = (typeof agencyRegions)[number]
export type AgencyService = (typeof agencyServices)[number]
export interface AgencyFilters {
  region: AgencyRegion | undefined
  service: AgencyService | undefined
}
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((v) => v === value)
/** The agency filters a URL asks for (`?region=Europe&service=Design`); unknown values are ignored. */
export function readAgencyFilters(params: URLSearchParams): AgencyFilters {
  return { region: oneOf(agencyRegions, params.get('region')), service: oneOf(agencyServices, params.get('service')) }
}
/** The agencies that work in the region and offer the service (either may be unset), by name. */
export function filterAgencies<A extends Pick<Agency, 'title' | 'regions' | 'services'>>(agencies: readonly A[], filters: AgencyFilters): A[] {
  return agencies
    .filter((a) => (!filters.region || a.regions.includes(filters.region)) && (!filters.service || a.services.includes(filters.service)))
    .sort((a, b) => a.title.localeCompare(b.title))
}

// Free-form front matter of the enterprise pages: parsed, not trusted.
const linkSchema = z.object({ label: z.string(), to: z.string(), icon: z.optional(z.string()) })
/** A closing call to action: a title, a line and its links. */
export const callSchema = z.object({ title: z.string(), description: z.optional(z.string()), links: z._default(z.array(linkSchema), []) })
export const sectionsSchema = z.array(z.object({ title: z.string(), description: z.string(), to: z.string(), icon: z.optional(z.string()) }))
export const jobsSchema = z.array(
  z.object({ title: z.string(), company: z.string(), location: z.string(), remote: z._default(z.boolean(), false), type: z.optional(z.string()), link: z.string() }),
)
export const tiersSchema = z.array(z.object({ tier: z.enum(sponsorTiers), amount: z.string(), benefits: z._default(z.array(z.string()), []) }))
