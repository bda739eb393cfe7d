/**
 * The shapes of the content build's outputs that the browser reads: navigation trees,
 * search sections and the content manifest. The build writes them, the app reads
 * them; both import these types from here.
 */

/** A sidebar entry of a docs version: a page, or a folder with children. */
export interface NavItem {
  title: string
  path: string
  icon?: string
  badge?: string
  target?: '_blank' | '_self'
  disabled?: boolean
  defaultOpen?: boolean
  children?: NavItem[]
}

/** A search record (SPEC point 3). */
export interface SearchSection {
  /** The page path, or `path#heading-id` for a heading's section. */
  id: string
  title: string
  /** Ancestor headings, outermost first (the page title, then enclosing headings). */
  titles: string[]
  /** The section's text without markup or code blocks. */
  content: string
  level: number
}

export interface ManifestCollection {
  type: 'page' | 'data'
  /** Page collections whose entries are routes: the path prefix they live under. */
  prefix?: string
  table: string
  checksum: string
  rows: number
  columns: { name: string; kind: string }[]
  dump: string
  /** The same collection as a SQLite file (`db.sqlite?v=<checksum>`), which the browser opens without executing SQL. */
  image?: string
  search?: { path: string; checksum: string }
  navigation?: { path: string; checksum: string }
  /** Bytes of the database file (the image), search and navigation files as stored, and of the three gzipped (about what a download moves). */
  size?: { database: number; search?: number; navigation?: number; gzip: number }
  /** A dump behind the preview API (drafts): never kept in the browser's cache. */
  private?: boolean
  /** Headers its download needs (the preview token). */
  headers?: Record<string, string>
}

/** The draft pages of one collection, as the build writes them for the preview API. */
export interface DraftsCollection {
  type: 'page' | 'data'
  table: string
  checksum: string
  rows: number
  columns: { name: string; kind: string }[]
  /** The route of each draft. */
  paths: string[]
}

export interface DraftsManifest {
  collections: Record<string, DraftsCollection>
}

export interface ContentManifest {
  version: number
  buildId: string
  collections: Record<string, ManifestCollection>
}

/**
 * The dev server's message (a Vite custom event) that a content build was written: the
 * open page takes the new content without a reload (src/app/content-updates.ts).
 */
export const CONTENT_UPDATED_EVENT = 'fjord:content-updated'
