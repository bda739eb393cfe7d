import { paths } from '../src/config/paths'

/**
 * Routes that list a collection (and take their header from the landing page at the
 * same path). Their `_payload.json` carries the listed rows, so a listing renders
 * without loading the collection's dump. `omit` drops fields a listing never shows,
 * such as page bodies.
 */
export interface Listing {
  path: string
  collection: string
  omit?: readonly string[]
}

const withoutBody = ['body'] as const

export const listings: readonly Listing[] = [
  { path: paths.blog(), collection: 'blog', omit: withoutBody },
  { path: paths.deploy(), collection: 'deploy', omit: withoutBody },
  // The directory's cards never show a README.
  { path: paths.modules(), collection: 'modules', omit: ['readme'] },
  { path: paths.templates(), collection: 'templates' },
  { path: paths.showcase(), collection: 'showcase' },
  { path: paths.videoCourses(), collection: 'videoCourses' },
  { path: paths.team(), collection: 'team' },
  { path: paths.designKit(), collection: 'designKit' },
  { path: paths.enterpriseSupport(), collection: 'support' },
  { path: paths.enterpriseSponsors(), collection: 'manualSponsors' },
  { path: paths.enterpriseAgencies(), collection: 'agencies', omit: withoutBody },
]
