import { z } from '../zod'
import { agencyRegions, agencyServices, blogCategories, deployCategories, moduleKinds, showcaseCategories, sponsorTiers } from './categories'

export * from './categories'

/**
 * One zod schema per collection: the front matter (Markdown) or the whole file (YAML)
 * that authors write; keys a schema does not name are kept in `meta`. The content
 * build validates with them and the browser infers its row types from them, so they
 * live here, below both, as the single source of truth for what a collection holds.
 */

/** A site path (`/blog`) or an absolute http(s) URL. */
const href = z.string().refine((v) => v.startsWith('/') || v.startsWith('#') || /^(https?:|mailto:|tel:)/.test(v), {
  message: 'must be a site path starting with "/", an anchor, or an http(s)/mailto/tel URL',
})
/** An image: a file under public/ (`/assets/x.svg`) or an absolute http(s) URL. */
const image = z.string().refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), {
  message: 'must be a path under public/ starting with "/" or an http(s) URL',
})
const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be a date such as 2026-03-14 (or an ISO date-time)',
})
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case (a-z, 0-9 and hyphens)')
const repo = z.string().regex(/^[\w.-]+\/[\w.-]+$/, 'must be owner/name')

export const linkSchema = z.object({
  label: z.string().min(1).default('Missing link'),
  to: href,
  icon: z.string().optional(),
  target: z.enum(['_blank', '_self']).optional(),
})

export const navigationSchema = z
  .union([
    z.boolean(),
    z.object({
      title: z.string().optional(),
      icon: z.string().optional(),
      badge: z.string().optional(),
      target: z.enum(['_blank', '_self']).optional(),
      disabled: z.boolean().optional(),
    }),
  ])
  .default(true)

/** Fields every page collection has in its front matter. `title` falls back to the first h1, then the file name. */
export const pageFields = {
  title: z.string().min(1).optional(),
  description: z.string().optional(),
  navigation: navigationSchema,
  seo: z.object({ title: z.string().optional(), description: z.string().optional(), image: image.optional() }).optional(),
  links: z.array(linkSchema).optional(),
  /** The decorative hero background's opacity on this page, 30–100 (SPEC point 2). */
  heroBackground: z.object({ opacity: z.number().int().min(30).max(100) }).optional(),
}

const sectionHeading = z.object({ title: z.string().min(1), description: z.string().optional() })

const screenshotOptions = z.object({
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  delay: z.number().int().min(0).optional(),
})

export const schemas = {
  docs: z.object({ ...pageFields, draft: z.boolean().default(false) }),
  /**
   * The home page and the newsletter page. The landing's sections are optional fields:
   * a page without them renders without those sections.
   */
  index: z.object({
    ...pageFields,
    /** The command the hero offers to copy: `npm create fjord@latest my-app`. */
    install: z.string().min(1).optional(),
    features: z.array(z.object({ title: z.string().min(1), description: z.string().min(1), icon: z.string().min(1) })).optional(),
    /** The code example's heading; the code itself is the page body (a code group). */
    example: sectionHeading.extend({ headline: z.string().optional(), links: z.array(linkSchema).default([]) }).optional(),
    testimonials: z
      .array(z.object({ quote: z.string().min(1), name: z.string().min(1), role: z.string().min(1), avatar: image.optional(), to: z.url().optional() }))
      .optional(),
    /** The closing call to action. */
    cta: sectionHeading.extend({ links: z.array(linkSchema).min(1) }).optional(),
    /** Past newsletter issues: each links to the blog post it led with. */
    issues: z.array(z.object({ title: z.string().min(1), date: isoDate, description: z.string().min(1), to: href })).optional(),
  }),
  landing: z.object(pageFields),
  blog: z.object({
    ...pageFields,
    authors: z
      .array(z.object({ name: z.string().min(1), username: z.string().optional(), to: z.url().optional(), avatar: image.optional() }))
      .min(1, 'needs at least one author'),
    category: z.enum(blogCategories),
    date: isoDate,
    draft: z.boolean().default(false),
    image,
    tags: z.array(z.string().min(1)).default([]),
  }),
  deploy: z.object({
    ...pageFields,
    category: z.enum(deployCategories),
    componentImg: z.string().optional(),
    featured: z.boolean().default(false),
    logoIcon: z.string().optional(),
    logoSrc: image.optional(),
    nitroPreset: z.string().min(1),
    website: z.url(),
  }),
  support: z.object({ ...pageFields, icon: z.string().optional() }),
  agencies: z.object({
    ...pageFields,
    color: z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour such as #00dc82').optional(),
    email: z.email().optional(),
    phone: z.string().optional(),
    github: z.url().optional(),
    instagram: z.url().optional(),
    linkedin: z.url().optional(),
    x: z.url().optional(),
    link: z.url().optional(),
    location: z.string().min(1),
    logo: image,
    logoFull: image.optional(),
    regions: z.array(z.enum(agencyRegions)).min(1),
    resources: z.array(z.object({ label: z.string().min(1), to: href })).default([]),
    services: z.array(z.enum(agencyServices)).min(1),
  }),
  team: z.object({
    ...pageFields,
    users: z
      .array(
        z.object({
          name: z.string().min(1),
          username: z.string().min(1),
          role: z.string().optional(),
          location: z.string().optional(),
          avatar: image.optional(),
          sponsor: z.url().optional(),
          links: z.array(z.object({ icon: z.string().min(1), to: z.url(), label: z.string().optional() })).default([]),
        }),
      )
      .min(1),
  }),
  manualSponsors: z.object({
    name: z.string().min(1),
    url: z.url(),
    logo: image,
    tier: z.enum(sponsorTiers),
  }),
  templates: z.object({
    name: z.string().min(1),
    slug,
    description: z.string().min(1),
    badge: z.enum(['Free', 'Premium', 'Freemium']).optional(),
    demo: z.url().optional(),
    featured: z.boolean().default(false),
    purchase: z.url().optional(),
    repo: repo.optional(),
    screenshotUrl: image.optional(),
    screenshotOptions: screenshotOptions.optional(),
  }),
  showcase: z.object({
    name: z.string().min(1),
    url: z.url(),
    description: z.string().min(1),
    category: z.enum(showcaseCategories),
    screenshotUrl: image.optional(),
    featured: z.boolean().default(false),
  }),
  videoCourses: z.object({
    name: z.string().min(1),
    slug,
    description: z.string().min(1),
    badge: z.enum(['Free', 'Premium']).optional(),
    sponsor: z.boolean().default(false),
    url: z.url(),
    screenshotUrl: image.optional(),
    screenshotOptions: screenshotOptions.optional(),
  }),
  designKit: z.object({
    name: z.string().min(1),
    description: z.string().min(1),
    type: z.enum(['logo', 'icon', 'wordmark', 'colour']),
    files: z.array(z.object({ format: z.enum(['svg', 'png']), path: image, theme: z.enum(['light', 'dark']).optional() })).default([]),
    colours: z.array(z.object({ name: z.string().min(1), hex: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be #rrggbb') })).optional(),
  }),
  modules: z.object({
    name: slug,
    npm: z.string().regex(/^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/, 'must be an npm package name'),
    description: z.string().min(1),
    /** A full URL, or a file name resolved against `modules.iconBaseUrl` at build time. */
    icon: z.string().min(1),
    /** One of the 17 module categories ('Official' is the type, not a category). */
    category: z.enum(moduleKinds, { error: `must be one of: ${moduleKinds.join(', ')}` }),
    type: z.enum(['official', 'other']),
    sponsor: z.boolean().default(false),
    repo,
    website: z.url().optional(),
    stats: z.object({
      downloads: z.number().int().min(0),
      stars: z.number().int().min(0),
      publishedAt: isoDate,
      createdAt: isoDate,
    }),
    maintainers: z.array(z.object({ name: z.string().min(1), github: z.string().min(1) })).default([]),
    /** The framework versions the module supports, as a semver range: `{ fjord: '^3.12.0 || ^4.0.0' }`. */
    compatibility: z.object({ fjord: z.string().min(1) }).optional(),
    /** The module's README, in Markdown: compiled by the build and shown on its page (a body in the row). */
    readme: z.string().min(1).optional(),
  }),
} as const

export type Schemas = typeof schemas
