import { queryOptions } from '@tanstack/react-query'

import { paths } from '../../config/paths'
import { agencyRegions, agencyServices, sponsorTiers } from '../../lib/content/categories'
import type { Collections } from '../../lib/content/collection-types'
import { listingQuery, pageHeader, type PageHeader } from '../../lib/content/listing'
import { contentPageQuery } from '../../lib/content/page'
import { contentKey } from '../../lib/content/query-key'
import { trustBuildOutput } from '../../lib/content/trusted'
import { queryClient } from '../../lib/query-client'
import { z } from '../../lib/zod'

/** /enterprise/support: the header and the support offers. */
export const supportQuery = () => listingQuery(paths.enterpriseSupport(), 'support')
/** /enterprise/agencies: the header and the partner agencies. */
export const agenciesQuery = () => listingQuery(paths.enterpriseAgencies(), 'agencies')
/** /enterprise/sponsors: the header and the sponsors, by tier. */
export const sponsorsQuery = () => listingQuery(paths.enterpriseSponsors(), 'manualSponsors')
/** /enterprise/jobs: the header and the open positions (in its front matter). */
export const jobsQuery = () => listingQuery(paths.enterpriseJobs(), 'landing')

export type Agency = Omit<Collections['agencies'], 'body'>
export type SupportPlan = Collections['support']
export type Sponsor = Collections['manualSponsors']

/** `/enterprise/support/code-review` → `code-review`: a plan's anchor on the support page. */
export const planAnchor = (plan: Pick<SupportPlan, 'path'>) => plan.path.split('/').pop() ?? ''

export interface EnterpriseOverview {
  header: PageHeader
  support: Omit<SupportPlan, 'body'>[]
  agencies: Agency[]
  sponsors: Sponsor[]
}

/** /enterprise: its header and what the pages below it hold (the build lists them in its payload). */
export function enterpriseQuery() {
  return queryOptions({
    queryKey: contentKey('enterprise', paths.enterprise()),
    queryFn: async (): Promise<EnterpriseOverview | null> => {
      const loaded = await queryClient.ensureQueryData(contentPageQuery(paths.enterprise()))
      if (!loaded?.data.page) return null
      // Rows were validated against their schemas by the content build.
      const lists = loaded.data.lists ?? {}
      return {
        header: pageHeader(loaded.data.page, paths.enterprise()),
        support: trustBuildOutput<EnterpriseOverview['support']>(lists.support ?? []),
        agencies: trustBuildOutput<Agency[]>(lists.agencies ?? []),
        sponsors: trustBuildOutput<Sponsor[]>(lists.manualSponsors ?? []),
      }
    },
    staleTime: Infinity,
  })
}

export const SPONSOR_TIERS = sponsorTiers
export type SponsorTier = (typeof sponsorTiers)[number]
/** `gold` → `Gold`. */
export const tierLabel = (tier: SponsorTier) => `${tier[0]?.toUpperCase()}${tier.slice(1)}`

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
const linkSchema = z.object({ label: z.string(), to: z.string(), icon: z.string().optional() })
/** A closing call to action: a title, a line and its links. */
export const callSchema = z.object({ title: z.string(), description: z.string().optional(), links: z.array(linkSchema).default([]) })
export const sectionsSchema = z.array(z.object({ title: z.string(), description: z.string(), to: z.string(), icon: z.string().optional() }))
export const jobsSchema = z.array(
  z.object({ title: z.string(), company: z.string(), location: z.string(), remote: z.boolean().default(false), type: z.string().optional(), link: z.string() }),
)
export const tiersSchema = z.array(z.object({ tier: z.enum(sponsorTiers), amount: z.string(), benefits: z.array(z.string()).default([]) }))
