import type { z } from 'zod'

import type { PageBody } from './body'
import type { ModuleCardColumns, ModuleSortColumns, pageFields, schemas } from './schemas'

/**
 * Row types of every collection, inferred from the zod schemas the content build
 * validates with, so a query's result type follows the schema it was built from.
 */
type Schemas = typeof schemas
type PageFieldName = keyof typeof pageFields

interface PageColumns {
  id: string
  path: string
  stem: string
  extension: string
  position: number
  title: string
  description: string
  body: PageBody
  seo: { title: string; description: string; image?: string }
  navigation: z.output<Schemas['docs']>['navigation']
  links: NonNullable<z.output<Schemas['docs']>['links']>
  heroBackground: { opacity: number } | null
  /** When the page's file last changed (its last commit, else its modification time), ISO. */
  modifiedAt: string | null
  meta: Record<string, unknown>
}

interface DataColumns {
  id: string
  stem: string
  extension: string
  position: number
  meta: Record<string, unknown>
}

type PageRow<S extends keyof Schemas> = PageColumns & Omit<z.output<Schemas[S]>, PageFieldName>
type DataRow<S extends keyof Schemas> = DataColumns & z.output<Schemas[S]>

/** Every docs edition's collection holds docs pages: named in site.config.ts, not here. */
type DocsCollections = Record<`docs${string}`, PageRow<'docs'>>
/** The blog's, and each translated blog's (`blogEs`: src/contract/locales.ts `blogEditions`). */
type BlogCollections = Record<`blog${string}`, PageRow<'blog'>>

export interface Collections extends DocsCollections, BlogCollections {
  index: PageRow<'index'>
  blog: PageRow<'blog'>
  landing: PageRow<'landing'>
  deploy: PageRow<'deploy'>
  support: PageRow<'support'>
  agencies: PageRow<'agencies'>
  team: PageRow<'team'>
  manualSponsors: DataRow<'manualSponsors'>
  templates: DataRow<'templates'>
  showcase: DataRow<'showcase'>
  videoCourses: DataRow<'videoCourses'>
  designKit: DataRow<'designKit'>
  modules: Omit<DataRow<'modules'>, 'readme'> & ModuleSortColumns & ModuleCardColumns & { readme?: PageBody }
}

export type CollectionName = keyof Collections
/** A docs edition's collection (site.config.ts: a version's `collection`, a translation's derived from it). */
export type DocsCollectionName = `docs${string}`
