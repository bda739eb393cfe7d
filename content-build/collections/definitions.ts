import type { z } from 'zod'

import { type Schemas, schemas } from '../../src/contract/content/schemas'
import { blogEditions, docsEditions, localeByCode, versionNameOf } from '../../src/contract/locales'
import { isSectionOn, offRoutes, type SectionName, type SectionRoute } from '../../src/contract/sections'
import type { SiteConfig } from '../../src/contract/site-schema'
import type { VitepressPlacement } from '../formats/vitepress-paths'
import type { TreeLocalePath } from '../markdown/links'

export * from '../../src/contract/content/schemas'

// The schemas themselves live in src/contract/content/schemas.ts: the browser infers its row types from them.
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
  /** The language its text is in (its locale's `lang`), which its search index reads words by (src/contract/search-terms.ts). */
  lang?: string
  /** A docs tree read from another checkout (its folder set by environment variable). */
  imported?: boolean
  /**
   * A VitePress docs tree (it has a `.vitepress` folder): root links are docs links, and
   * its config (read once per build) decides which files are pages and where they go.
   */
  vitepress?: VitepressSource
  /**
   * What else the site can do when the folder is missing, said in the build's error
   * beside creating it: `set sections.videoCourses: false`.
   */
  withoutFolder?: string
  /** Routes of switched-off sections: a file whose page would be at one of them is left out (`landing/blog.yml` with the blog off). */
  leaveOut?: SectionRoute[]
}

/** What a VitePress config says about a tree's files, as plain data (definitions are posted to worker threads). */
export interface VitepressSource extends VitepressPlacement {
  /** The folder pages are read from (`srcDir`), relative to the tree ('' for the tree itself). */
  srcDir: string
  /** `cleanUrls`: pages are served without `.html` there; here they always are, and `.html` links resolve either way. */
  cleanUrls: boolean
  /** `base` (`/docs/`), with slashes at both ends: a root link written with it has it taken off. */
  base: string
  /** The tree's locales built beside it, each at its docs path: root links into their folders lead there. */
  locales: readonly TreeLocalePath[]
  /** The docs path of the tree's root locale, where its other root links lead (this version's, but in a locale's collection). */
  rootPath: string
}

interface Options {
  /** Overrides for source folders, e.g. `{ DOCS_V4_DIR: '../other/docs' }` (defaults to process.env). */
  env?: Record<string, string | undefined>
}

/**
 * The collections of this site: the docs versions from `site.config.ts` and the fixed
 * ones, but for those of the sections the config switches off (src/contract/sections.ts),
 * whose folders then need not exist. The home page (`index`) and the listings' headers
 * (`landing`) are always there; of their files, those whose page belongs to a
 * switched-off section are left out.
 */
export function defineCollections(config: SiteConfig, { env = process.env }: Options = {}): CollectionDefinition[] {
  const off = offRoutes(config.sections)
  const page = (name: string, schema: SchemaName, dir: string, prefix: string, extra: Partial<CollectionDefinition> = {}) =>
    ({
      name,
      type: 'page',
      schema,
      dir,
      prefix,
      extensions: ['md', 'yml'],
      routes: true,
      search: false,
      navigation: false,
      ...(off.length ? { leaveOut: off } : {}),
      ...extra,
    }) satisfies CollectionDefinition
  const data = (name: string, schema: SchemaName, dir: string, extra: Partial<CollectionDefinition> = {}) =>
    ({ name, type: 'data', schema, dir, prefix: '/', extensions: ['yml'], routes: false, search: false, navigation: false, ...extra }) satisfies CollectionDefinition
  /** A collection that exists while its section is on. */
  const of = (section: SectionName, make: (extra: Partial<CollectionDefinition>) => CollectionDefinition) =>
    isSectionOn(config.sections, section) ? [make({ withoutFolder: `set sections.${section}: false` })] : []

  // Each version, then each locale's translations of it (src/contract/locales.ts), as collections of their own.
  const docs = docsEditions(config).map((v) =>
    page(v.collection, 'docs', env[v.dirEnv] || v.dir, v.path, {
      extensions: ['md'],
      search: true,
      navigation: true,
      docsVersionPath: v.path,
      lang: localeByCode(config, v.locale)?.lang,
      withoutFolder: env[v.dirEnv]
        ? `point ${v.dirEnv} at a docs folder`
        : v.path === v.original
          ? `remove docs.versions[${config.docs.versions.findIndex((o) => o.path === v.path)}] ("${v.label}") from site.config.ts`
          : `remove "${versionNameOf(v.original)}" from the docs of locale "${v.locale}" in site.config.ts`,
      ...(env[v.dirEnv] ? { imported: true } : {}),
    }),
  )
  return [
    page('index', 'index', 'content/index', '/', { extensions: ['md'] }),
    ...docs,
    // The blog, then each locale's translated posts (`locales[].blog`), as collections of their own.
    ...blogEditions(config).flatMap((b) =>
      of('blog', (extra) =>
        page(b.collection, 'blog', b.dir, b.path, {
          extensions: ['md'],
          search: true,
          ...extra,
          ...(b.path === b.original ? {} : { lang: localeByCode(config, b.locale)?.lang, withoutFolder: `remove blog from locale "${b.locale}" in site.config.ts` }),
        }),
      ),
    ),
    page('landing', 'landing', 'content/landing', '/', { extensions: ['yml'] }),
    // Search records for the palette's Hosting group: read as a file, so the first query never waits on the database worker.
    ...of('deploy', (extra) => page('deploy', 'deploy', 'content/deploy', '/deploy', { extensions: ['md'], search: true, ...extra })),
    ...of('enterprise.sponsors', (extra) => data('manualSponsors', 'manualSponsors', 'content/manual-sponsors', extra)),
    // Support offerings and team groups are sections of one page (/enterprise/support, /team),
    // not routes of their own.
    ...of('enterprise.support', (extra) => page('support', 'support', 'content/support', '/enterprise/support', { extensions: ['md'], routes: false, ...extra })),
    ...of('enterprise.agencies', (extra) => page('agencies', 'agencies', 'content/agencies', '/enterprise/agencies', { extensions: ['md'], ...extra })),
    ...of('templates', (extra) => data('templates', 'templates', 'content/templates', extra)),
    ...of('showcase', (extra) => data('showcase', 'showcase', 'content/showcase', extra)),
    ...of('videoCourses', (extra) => data('videoCourses', 'videoCourses', 'content/video-courses', extra)),
    ...of('designKit', (extra) => data('designKit', 'designKit', 'content/design-kit', extra)),
    ...of('team', (extra) => page('team', 'team', 'content/team', '/team', { extensions: ['yml'], routes: false, ...extra })),
    ...of('modules', (extra) => data('modules', 'modules', 'content/modules', extra)),
  ]
}

export function schemaOf(def: CollectionDefinition): Schemas[SchemaName] {
  return schemas[def.schema]
}

/** Base columns of every page collection, in table order, before the schema's own extras. */
export const pageBaseColumns = [
  'id',
  'path',
  'stem',
  'extension',
  'position',
  'title',
  'description',
  'body',
  'seo',
  'navigation',
  'links',
  'heroBackground',
  'modifiedAt',
  'meta',
] as const
export const dataBaseColumns = ['id', 'stem', 'extension', 'position', 'meta'] as const

export type PageFrontMatter = z.output<Schemas['docs']>
export type BlogFields = z.output<Schemas['blog']>
export type ModuleFields = z.output<Schemas['modules']>
