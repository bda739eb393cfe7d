import type { Collections } from '@/contract/content/collection-types'
import { paths } from '@/contract/paths'
import { type Listings, listingsQuery } from '@/lib/content/listing'
import { trustBuildOutput } from '@/lib/content/trusted'

/**
 * /: the index page (hero, install command, features, code example, testimonials, call
 * to action) and the highlights its payload carries: the newest published posts, the
 * directory's top modules, featured providers and every sponsor (content-build/collections/listings.ts).
 */
export const landingQuery = () => listingsQuery(paths.home(), ['blog', 'modules', 'deploy', 'manualSponsors'])

export type Landing = Listings<'blog' | 'modules' | 'deploy' | 'manualSponsors'>

/** The index page's own fields (validated against its schema by the content build). */
export const landingPage = (landing: Landing) => trustBuildOutput<Collections['index']>(landing.page)
