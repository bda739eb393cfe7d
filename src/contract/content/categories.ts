/**
 * The fixed vocabularies of the collections (module and blog categories, deploy
 * kinds, agency regions…): plain constants with no zod, so the browser can import
 * them without the schemas.
 */

export const moduleCategories = [
  'Official', 'Analytics', 'CMS', 'CSS', 'Database', 'Devtools', 'Ecommerce', 'Extensions', 'Fonts',
  'Images', 'Libraries', 'Monitoring', 'Payment', 'Performance', 'Request', 'Security', 'SEO', 'UI',
] as const
/** The categories a module can have: every filter of /modules but Official, which selects by type. */
export const moduleKinds = moduleCategories.filter((c): c is Exclude<(typeof moduleCategories)[number], 'Official'> => c !== 'Official')
export type ModuleCategory = (typeof moduleKinds)[number]

/**
 * Columns the build adds to every module row, copied from `stats` and `type`, so the
 * directory can sort and filter in SQL (a JSON column cannot be ordered by).
 */
export const moduleSortColumns = { downloads: 'number', stars: 'number', publishedAt: 'string', createdAt: 'string', official: 'boolean' } as const
export interface ModuleSortColumns {
  downloads: number
  stars: number
  publishedAt: string
  createdAt: string
  official: boolean
}

/**
 * The column the build adds for a module card's icon: a PNG it drew from the module's
 * SVG icon (content-build/collections/thumbnails.ts), or the icon itself when it is not one the
 * site serves.
 */
export const moduleCardColumns = { thumbnail: 'string' } as const
export interface ModuleCardColumns {
  thumbnail: string
}

/**
 * Fields of data collections written in Markdown, by schema: the build compiles each
 * like a page body (highlighting, links checked) and stores it as a body, not as text.
 */
export const markdownFields: Readonly<Record<string, readonly string[]>> = { modules: ['readme'] }

/** Columns the build adds to a schema's rows, after its own fields (see moduleSortColumns and moduleCardColumns). */
export const derivedColumns: Readonly<Record<string, Readonly<Record<string, 'string' | 'number' | 'boolean'>>>> = {
  modules: { ...moduleSortColumns, ...moduleCardColumns },
}

export const blogCategories = ['Release', 'Tutorial', 'Announcement', 'Article', 'Community'] as const
export const deployCategories = ['Hosting', 'Edge', 'Serverless', 'Static', 'Container'] as const
export const agencyRegions = ['Europe', 'North America', 'South America', 'Asia', 'Oceania', 'Africa', 'Remote'] as const
export const agencyServices = ['Development', 'Design', 'Consulting', 'Training', 'Migration', 'Performance', 'Accessibility', 'Support'] as const
export const showcaseCategories = ['Ecommerce', 'Media', 'SaaS', 'Education', 'Government', 'Open source'] as const

/** Sponsor tiers, highest first: the order the sponsors page and the home page show them in. */
export const sponsorTiers = ['platinum', 'gold', 'silver', 'bronze', 'backer'] as const
