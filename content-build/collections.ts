import { z } from 'zod'

import type { SiteConfig } from '../src/config/site-schema'

/**
 * One zod schema per collection. A schema describes the front matter (Markdown) or
 * the whole file (YAML) that authors write; keys it does not name are kept in
 * `meta`. The browser infers its row types from these schemas, so they are the
 * single source of truth for what a collection holds.
 */

export const moduleCategories = [
  'Official', 'Analytics', 'CMS', 'CSS', 'Database', 'Devtools', 'Ecommerce', 'Extensions', 'Fonts',
  'Images', 'Libraries', 'Monitoring', 'Payment', 'Performance', 'Request', 'Security', 'SEO', 'UI',
] as const
export const blogCategories = ['Release', 'Tutorial', 'Announcement', 'Article', 'Community'] as const
export const deployCategories = ['Hosting', 'Edge', 'Serverless', 'Static', 'Container'] as const
export const agencyRegions = ['Europe', 'North America', 'South America', 'Asia', 'Oceania', 'Africa', 'Remote'] as const
export const agencyServices = ['Development', 'Design', 'Consulting', 'Training', 'Migration', 'Performance', 'Accessibility', 'Support'] as const
export const showcaseCategories = ['Ecommerce', 'Media', 'SaaS', 'Education', 'Government', 'Open source'] as const

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

const screenshotOptions = z.object({
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  delay: z.number().int().min(0).optional(),
})

export const schemas = {
  docs: z.object(pageFields),
  index: z.object(pageFields),
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
    tier: z.enum(['platinum', 'gold', 'silver', 'bronze', 'backer']),
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
    category: z.enum(moduleCategories, { error: `must be one of: ${moduleCategories.join(', ')}` }),
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
  }),
} as const

type Schemas = typeof schemas
export type SchemaName = keyof Schemas

/**
 * A collection as plain data (the schema is referenced by name), so definitions can
 * be posted to the build's worker threads.
 */
export interface CollectionDefinition {
  name: string
  type: 'page' | 'data'
  schema: SchemaName
  /** Source folder relative to the project root (or absolute when overridden). */
  dir: string
  /** Page collections: the path prefix their files are mounted under. */
  prefix: string
  extensions: readonly ('md' | 'yml')[]
  /** Whether each entry is a page of its own (payload, prerender, link target). */
  routes: boolean
  /** Whether search sections are emitted for the search palette. */
  search: boolean
  /** Whether a navigation tree is emitted (docs). */
  navigation: boolean
  /** Docs versions rewrite unversioned `/docs/...` links to their own prefix. */
  docsVersionPath?: string
}

interface Options {
  /** Overrides for source folders, e.g. `{ DOCS_V4_DIR: '../other/docs' }` (defaults to process.env). */
  env?: Record<string, string | undefined>
}

/** The collections of this site: the docs versions from `site.config.ts` and the fixed ones. */
export function defineCollections(config: SiteConfig, { env = process.env }: Options = {}): CollectionDefinition[] {
  const page = (name: string, schema: SchemaName, dir: string, prefix: string, extra: Partial<CollectionDefinition> = {}) =>
    ({ name, type: 'page', schema, dir, prefix, extensions: ['md', 'yml'], routes: true, search: false, navigation: false, ...extra }) satisfies CollectionDefinition
  const data = (name: string, schema: SchemaName, dir: string) =>
    ({ name, type: 'data', schema, dir, prefix: '/', extensions: ['yml'], routes: false, search: false, navigation: false }) satisfies CollectionDefinition

  const docs = config.docs.versions.map((v) =>
    page(v.collection, 'docs', env[v.dirEnv] || v.dir, v.path, {
      extensions: ['md'],
      search: true,
      navigation: true,
      docsVersionPath: v.path,
    }),
  )
  return [
    page('index', 'index', 'content/index', '/', { extensions: ['md'] }),
    ...docs,
    page('blog', 'blog', 'content/blog', '/blog', { extensions: ['md'], search: true }),
    page('landing', 'landing', 'content/landing', '/', { extensions: ['yml'] }),
    page('deploy', 'deploy', 'content/deploy', '/deploy', { extensions: ['md'] }),
    data('manualSponsors', 'manualSponsors', 'content/manual-sponsors'),
    // Support offerings and team groups are sections of one page (/enterprise/support, /team),
    // not routes of their own.
    page('support', 'support', 'content/support', '/enterprise/support', { extensions: ['md'], routes: false }),
    page('agencies', 'agencies', 'content/agencies', '/enterprise/agencies', { extensions: ['md'] }),
    data('templates', 'templates', 'content/templates'),
    data('showcase', 'showcase', 'content/showcase'),
    data('videoCourses', 'videoCourses', 'content/video-courses'),
    data('designKit', 'designKit', 'content/design-kit'),
    page('team', 'team', 'content/team', '/team', { extensions: ['yml'], routes: false }),
    data('modules', 'modules', 'content/modules'),
  ]
}

export function schemaOf(def: CollectionDefinition): Schemas[SchemaName] {
  return schemas[def.schema]
}

/** Base columns of every page collection, in table order, before the schema's own extras. */
export const pageBaseColumns = ['id', 'path', 'stem', 'extension', 'position', 'title', 'description', 'body', 'seo', 'navigation', 'links', 'heroBackground', 'modifiedAt', 'meta'] as const
export const dataBaseColumns = ['id', 'stem', 'extension', 'position', 'meta'] as const

export type PageFrontMatter = z.output<Schemas['docs']>
export type BlogFields = z.output<Schemas['blog']>
export type ModuleFields = z.output<Schemas['modules']>
