import { isExternal, isInside } from './links.ts'
import { paths } from './paths.ts'
import { z } from './zod.ts'

/**
 * The optional sections of the site, each switched by `sections` in `site.config.ts`
 * (all on by default): `sections: { videoCourses: false }`. A section that is off has
 * no route (the server answers 404), no header, footer, palette or sitemap entry, no
 * collection and no dump; its content folder may be absent. The app, the content
 * build and the server all read the switches through this file.
 *
 * Docs versions are not switched here: a version is on while `docs.versions` lists it.
 */

const on = () => z._default(z.boolean(), true)

const enterprisePages = ['overview', 'jobs', 'support', 'sponsors', 'agencies'] as const
type EnterprisePage = (typeof enterprisePages)[number]
const allEnterprise = (value: boolean) => ({ overview: value, jobs: value, support: value, sponsors: value, agencies: value }) satisfies Record<EnterprisePage, boolean>

export const sectionsSchema = z.prefault(
  // Strict: a misspelt section (`videoCourse`) fails the config instead of leaving the section on.
  z.strictObject({
    blog: on(),
    modules: on(),
    deploy: on(),
    templates: on(),
    showcase: on(),
    videoCourses: on(),
    /** The enterprise pages one by one, or `false` for all of them. */
    enterprise: z._default(
      z.pipe(
        z.union([z.boolean(), z.strictObject({ overview: on(), jobs: on(), support: on(), sponsors: on(), agencies: on() })]),
        z.transform((value) => (typeof value === 'boolean' ? allEnterprise(value) : value)),
      ),
      allEnterprise(true),
    ),
    team: on(),
    designKit: on(),
    newsletter: on(),
    askAi: on(),
    admin: on(),
  }),
  {},
)

export type Sections = z.output<typeof sectionsSchema>
export type SectionsInput = z.input<typeof sectionsSchema>

/** A section by its name in the config: `videoCourses`, `enterprise.jobs`. */
export type SectionName = Exclude<keyof Sections, 'enterprise'> | `enterprise.${EnterprisePage}`

/** Every section on: what a config without `sections` gets. */
export const allSections: Sections = sectionsSchema.parse({})

export function isSectionOn(sections: Sections, name: SectionName): boolean {
  if (name.startsWith('enterprise.')) {
    const page = enterprisePages.find((p) => name === `enterprise.${p}`)
    return page ? sections.enterprise[page] : true
  }
  const value: unknown = Reflect.get(sections, name)
  return value !== false
}

/** A route a section owns: the route and everything below it, or the route alone when `exact`. */
export interface SectionRoute {
  route: string
  exact?: boolean
}

/**
 * The routes each section owns. The admin's subscriber list and module figures go with
 * the newsletter and the modules: without them there is nothing to show.
 */
const sectionRoutes: readonly (SectionRoute & { section: SectionName })[] = [
  { section: 'blog', route: paths.blog() },
  { section: 'modules', route: paths.modules() },
  { section: 'modules', route: paths.adminModules() },
  { section: 'deploy', route: paths.deploy() },
  { section: 'templates', route: paths.templates() },
  { section: 'showcase', route: paths.showcase() },
  { section: 'videoCourses', route: paths.videoCourses() },
  // The overview is /enterprise alone: the pages below it are sections of their own.
  { section: 'enterprise.overview', route: paths.enterprise(), exact: true },
  { section: 'enterprise.jobs', route: paths.enterpriseJobs() },
  { section: 'enterprise.support', route: paths.enterpriseSupport() },
  { section: 'enterprise.sponsors', route: paths.enterpriseSponsors() },
  { section: 'enterprise.agencies', route: paths.enterpriseAgencies() },
  { section: 'team', route: paths.team() },
  { section: 'designKit', route: paths.designKit() },
  { section: 'newsletter', route: paths.newsletter() },
  { section: 'newsletter', route: paths.adminSubscribers() },
  { section: 'admin', route: paths.admin() },
]

/**
 * App routes drawn from a page of their own in the content (`content/index/newsletter.md`,
 * `content/landing/enterprise.yml`, `content/landing/enterprise/jobs.yml`): they exist
 * when the build has that page, so without it they answer 404 like any unknown path,
 * never 200 with a not-found page.
 */
export const contentPageRoutes: readonly string[] = [paths.newsletter(), paths.enterprise(), paths.enterpriseJobs()]

/**
 * The routes of the sections that need the site's own server (an API behind them), the
 * newsletter and the admin: a static site (`hosting: 'static'`) has them off.
 */
export function serverRoutes(): SectionRoute[] {
  return offRoutes({ ...allSections, newsletter: false, admin: false })
}

/** The routes of the sections that are off, as plain data (the build posts it to its workers). */
export function offRoutes(sections: Sections): SectionRoute[] {
  return sectionRoutes.filter((r) => !isSectionOn(sections, r.section)).map(({ route, exact }) => (exact ? { route, exact } : { route }))
}

/** Whether a site path falls in one of these (switched-off) routes. */
export function isCovered(routes: readonly SectionRoute[], path: string): boolean {
  return routes.some((r) => (r.exact ? path === r.route : isInside(path, r.route)))
}

/**
 * Whether a link's target exists as far as the sections go: false for a site path in a
 * section that is off (query and fragment aside), true for anything else, external
 * links included.
 */
export function isRouteOn(sections: Sections, to: string): boolean {
  if (isExternal(to) || !to.startsWith('/')) return true
  const path = to.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1')
  return !isCovered(offRoutesOf(sections), path)
}

/** offRoutes once per sections object: the build asks isRouteOn for every page and link. */
const offRoutesKept = new WeakMap<Sections, SectionRoute[]>()
function offRoutesOf(sections: Sections): SectionRoute[] {
  let routes = offRoutesKept.get(sections)
  if (!routes) offRoutesKept.set(sections, (routes = offRoutes(sections)))
  return routes
}

/** Header menus without the links to switched-off sections, and without a menu left with none. */
export function menusOn<Menu extends { to?: string | undefined; children?: readonly { to: string }[] | undefined }>(menus: readonly Menu[], sections: Sections): Menu[] {
  return menus.flatMap((menu) => {
    if (menu.to !== undefined && !isRouteOn(sections, menu.to)) return []
    if (!menu.children) return [menu]
    const children = menu.children.filter((link) => isRouteOn(sections, link.to))
    if (!children.length && menu.to === undefined) return []
    return [{ ...menu, children }]
  })
}

/** Footer columns without the links to switched-off sections, and without a column left with none. */
export function columnsOn<Column extends { children: readonly { to: string }[] }>(columns: readonly Column[], sections: Sections): Column[] {
  return columns.flatMap((column) => {
    const children = column.children.filter((link) => isRouteOn(sections, link.to))
    return children.length ? [{ ...column, children }] : []
  })
}
