import { parseEmailAddress } from '../email-address'
import { z } from '../zod'
import { agencyRegions, agencyServices, blogCategories, deployCategories, moduleKinds, showcaseCategories, sponsorTiers } from './categories'

export * from './categories'

/**
 * One zod schema per collection: the front matter (Markdown) or the whole file (YAML)
 * that authors write; keys a schema does not name are kept in `meta`. The content
 * build validates with them and the browser infers its row types from them, so they
 * live here, below both, as the single source of truth for what a collection holds.
 */

/**
 * The fields that name a place on the site, for the content build's link check
 * (content-build/collections/link-fields.ts): `link` for a link (a page, a route or a
 * file the site serves), `image` for a file under public/. The check walks each
 * collection's schema, and its `metaSections`, for the schemas registered here, so a
 * field written with `href` or `image` is checked without being named anywhere else.
 */
export const linkFields = z.registry<{ kind: 'link' | 'image' }>()

/** A site path (`/blog`) or an absolute http(s) URL. */
const href = z
  .string()
  .check(
    z.refine((v) => v.startsWith('/') || v.startsWith('#') || /^(https?:|mailto:|tel:)/.test(v), {
      error: 'must be a site path starting with "/", an anchor, or an http(s)/mailto/tel URL',
    }),
  )
  .register(linkFields, { kind: 'link' })
/** An image: a file under public/ (`/assets/x.svg`) or an absolute http(s) URL. */
const image = z
  .string()
  .check(
    z.refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), {
      error: 'must be a path under public/ starting with "/" or an http(s) URL',
    }),
  )
  .register(linkFields, { kind: 'image' })
const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be a date such as 2026-03-14 (or an ISO date-time)',
})
const slug = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case (a-z, 0-9 and hyphens)'))
const repo = z.string().check(z.regex(/^[\w.-]+\/[\w.-]+$/, 'must be owner/name'))
/** A string that is not empty. */
const text = (message?: string) => z.string().check(z.minLength(1, message))
const optionalText = () => z.optional(z.string())
const optionalUrl = () => z.optional(z.url())
/** An address by the site's one parser (lib/email-address.ts), kept as written (a mailto link takes either form). */
const emailAddress = z.string().check(
  z.superRefine((value, ctx) => {
    const parsed = parseEmailAddress(value)
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `must be an email address such as hello@example.com (${parsed.reason})`, input: value })
  }),
)
const flag = (value: boolean) => z._default(z.boolean(), value)
const target = () => z.optional(z.enum(['_blank', '_self']))

export const linkSchema = z.object({
  label: z._default(text(), 'Missing link'),
  to: href,
  icon: optionalText(),
  target: target(),
})

export const navigationSchema = z._default(
  z.union([
    z.boolean(),
    z.object({
      title: optionalText(),
      icon: optionalText(),
      badge: optionalText(),
      target: target(),
      disabled: z.optional(z.boolean()),
    }),
  ]),
  true,
)

/** Fields every page collection has in its front matter. `title` falls back to the first h1, then the file name. */
export const pageFields = {
  title: z.optional(text()),
  description: optionalText(),
  navigation: navigationSchema,
  seo: z.optional(z.object({ title: optionalText(), description: optionalText(), image: z.optional(image) })),
  links: z.optional(z.array(linkSchema)),
  /** The decorative hero background's opacity on this page, 30–100 (SPEC point 2). */
  heroBackground: z.optional(z.object({ opacity: z.int().check(z.minimum(30), z.maximum(100)) })),
}

const sectionHeading = z.object({ title: text(), description: optionalText() })

const screenshotOptions = z.object({
  width: z.optional(z.int().check(z.positive())),
  height: z.optional(z.int().check(z.positive())),
  delay: z.optional(z.int().check(z.minimum(0))),
})

export const schemas = {
  docs: z.object({ ...pageFields, draft: flag(false) }),
  /**
   * The home page and the newsletter page. The landing's sections are optional fields:
   * a page without them renders without those sections.
   */
  index: z.object({
    ...pageFields,
    /** The command the hero offers to copy: `npm create fjord@latest my-app`. */
    install: z.optional(text()),
    features: z.optional(z.array(z.object({ title: text(), description: text(), icon: text() }))),
    /** The code example's heading; the code itself is the page body (a code group). */
    example: z.optional(z.extend(sectionHeading, { headline: optionalText(), links: z._default(z.array(linkSchema), []) })),
    testimonials: z.optional(z.array(z.object({ quote: text(), name: text(), role: text(), avatar: z.optional(image), to: optionalUrl() }))),
    /** The closing call to action. */
    cta: z.optional(z.extend(sectionHeading, { links: z.array(linkSchema).check(z.minLength(1)) })),
    /** Past newsletter issues: each links to the blog post it led with. */
    issues: z.optional(z.array(z.object({ title: text(), date: isoDate, description: text(), to: href }))),
  }),
  landing: z.object(pageFields),
  blog: z.object({
    ...pageFields,
    authors: z
      .array(z.object({ name: text(), username: optionalText(), to: optionalUrl(), avatar: z.optional(image) }))
      .check(z.minLength(1, 'needs at least one author')),
    category: z.enum(blogCategories),
    date: isoDate,
    draft: flag(false),
    image,
    tags: z._default(z.array(text()), []),
  }),
  deploy: z.object({
    ...pageFields,
    category: z.enum(deployCategories),
    componentImg: z.optional(image),
    featured: flag(false),
    logoIcon: optionalText(),
    logoSrc: z.optional(image),
    nitroPreset: text(),
    website: z.url(),
  }),
  support: z.object({ ...pageFields, icon: optionalText() }),
  agencies: z.object({
    ...pageFields,
    color: z.optional(z.string().check(z.regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour such as #00dc82'))),
    email: z.optional(emailAddress),
    phone: optionalText(),
    github: optionalUrl(),
    instagram: optionalUrl(),
    linkedin: optionalUrl(),
    x: optionalUrl(),
    link: optionalUrl(),
    location: text(),
    logo: image,
    logoFull: z.optional(image),
    regions: z.array(z.enum(agencyRegions)).check(z.minLength(1)),
    resources: z._default(z.array(z.object({ label: text(), to: href })), []),
    services: z.array(z.enum(agencyServices)).check(z.minLength(1)),
  }),
  team: z.object({
    ...pageFields,
    users: z
      .array(
        z.object({
          name: text(),
          username: text(),
          role: optionalText(),
          location: optionalText(),
          avatar: z.optional(image),
          sponsor: optionalUrl(),
          links: z._default(z.array(z.object({ icon: text(), to: z.url(), label: optionalText() })), []),
        }),
      )
      .check(z.minLength(1)),
  }),
  manualSponsors: z.object({
    name: text(),
    url: z.url(),
    logo: image,
    tier: z.enum(sponsorTiers),
  }),
  templates: z.object({
    name: text(),
    slug,
    description: text(),
    badge: z.optional(z.enum(['Free', 'Premium', 'Freemium'])),
    demo: optionalUrl(),
    featured: flag(false),
    purchase: optionalUrl(),
    repo: z.optional(repo),
    screenshotUrl: z.optional(image),
    screenshotOptions: z.optional(screenshotOptions),
  }),
  showcase: z.object({
    name: text(),
    url: z.url(),
    description: text(),
    category: z.enum(showcaseCategories),
    screenshotUrl: z.optional(image),
    featured: flag(false),
  }),
  videoCourses: z.object({
    name: text(),
    slug,
    description: text(),
    badge: z.optional(z.enum(['Free', 'Premium'])),
    sponsor: flag(false),
    url: z.url(),
    screenshotUrl: z.optional(image),
    screenshotOptions: z.optional(screenshotOptions),
  }),
  designKit: z.object({
    name: text(),
    description: text(),
    type: z.enum(['logo', 'icon', 'wordmark', 'colour']),
    files: z._default(z.array(z.object({ format: z.enum(['svg', 'png']), path: image, theme: z.optional(z.enum(['light', 'dark'])) })), []),
    colours: z.optional(z.array(z.object({ name: text(), hex: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'must be #rrggbb')) }))),
  }),
  modules: z.object({
    name: slug,
    npm: z.string().check(z.regex(/^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/, 'must be an npm package name')),
    description: text(),
    /** A full URL, or a file name resolved against `modules.iconBaseUrl` at build time. */
    icon: text(),
    /** One of the 17 module categories ('Official' is the type, not a category). */
    category: z.enum(moduleKinds, { error: `must be one of: ${moduleKinds.join(', ')}` }),
    type: z.enum(['official', 'other']),
    sponsor: flag(false),
    repo,
    website: optionalUrl(),
    stats: z.object({
      downloads: z.int().check(z.minimum(0)),
      stars: z.int().check(z.minimum(0)),
      publishedAt: isoDate,
      createdAt: isoDate,
    }),
    maintainers: z._default(z.array(z.object({ name: text(), github: text() })), []),
    /** The framework versions the module supports, as a semver range: `{ fjord: '^3.12.0 || ^4.0.0' }`. */
    compatibility: z.optional(z.object({ fjord: text() })),
    /** The module's README, in Markdown: compiled by the build and shown on its page (a body in the row). */
    readme: z.optional(text()),
  }),
} as const

export type Schemas = typeof schemas

/** A page section written in front matter: a heading and its calls to action. */
const callSection = z.object({ title: optionalText(), description: optionalText(), links: z.optional(z.array(linkSchema)) })

/**
 * Front matter that pages read from their free-form `meta` (the keys their collection's
 * schema does not name) and parse themselves: a listing's `hero`, the team page's
 * `join`, the enterprise overview's `sections` cards, the enterprise pages' `contact`,
 * `become` and `post`. Declared here so the content build checks the links in them as
 * it checks the schema's own; the build walks them, it does not validate with them.
 */
export const metaSections: Partial<Record<keyof Schemas, z.ZodMiniObject>> = {
  index: z.object({ hero: z.optional(callSection) }),
  landing: z.object({
    hero: z.optional(callSection),
    join: z.optional(callSection),
    contact: z.optional(callSection),
    become: z.optional(callSection),
    post: z.optional(callSection),
    sections: z.optional(z.array(z.object({ title: optionalText(), description: optionalText(), to: href, icon: optionalText() }))),
  }),
}
