/**
 * The shapes and places of the content build's outputs: navigation trees, search
 * sections, the content manifest, the private files and the inline-element hashes.
 * The build writes them; the app and the server read them, and all three import
 * them from here.
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
  /** The search records in one file (the blog's), which the browser indexes itself. */
  search?: { path: string; checksum: string }
  /**
   * A docs version's prebuilt search index: its head (`search/head.json?v=…`), which names
   * its term shards and text chunks beside it (src/contract/search-index.ts).
   */
  searchIndex?: { path: string; checksum: string }
  navigation?: { path: string; checksum: string }
  /**
   * Bytes of the database file (the image), search (the search file, or all the files of
   * the search index) and navigation files as stored, and of them all gzipped (about
   * what a download moves).
   */
  size?: { database: number; search?: number; navigation?: number; gzip: number }
  /**
   * The site's own images its pages show (`/img/a.png`, and `/img/a@2x.png` beside it), with
   * their bytes: what a reader who downloads a docs version for offline reading also needs.
   */
  images?: { path: string; bytes: number }[]
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
  /** Each icon set's file of the icons the site draws (`/_icons/lucide.<hash>.json`, see src/contract/icon-sets.ts). */
  icons?: Record<string, string>
}

/**
 * The dev server's message (a Vite custom event) that a content build was written: the
 * open page takes the new content without a reload (src/app/content-updates.ts).
 */
export const CONTENT_UPDATED_EVENT = 'fjord:content-updated'

/** Where each output is served from; the browser builds the same URLs from the manifest. */
export const CONTENT_BASE = '/__content'

/**
 * The folder of build files that are not part of the site: the build report and every
 * warning (with file paths), the drafts, the service worker before its precache list,
 * Vite's manifest, the pages' CSP hashes. It lies beside dist/ (`dist-server/private/`),
 * never inside it, so a host that serves dist/ as it is never has them to hand out.
 *
 * Every path below is relative to it: `join(privateDir(distDir), BUILD_REPORT)`.
 */
export function privateDir(distDir: string): string {
  const dist = distDir.replace(/[\\/]+$/, '')
  const cut = Math.max(dist.lastIndexOf('/'), dist.lastIndexOf('\\'))
  return `${cut < 0 ? '' : dist.slice(0, cut + 1)}${PRIVATE_DIR}`
}
/** `privateDir`'s place beside dist/. Only `privateDir` should build paths from it. */
export const PRIVATE_DIR = 'dist-server/private'
/** Draft pages, a dump per collection, and what is in them: for the preview API only. */
export const DRAFTS_DIR = 'drafts'
export const DRAFTS_MANIFEST = `${DRAFTS_DIR}/manifest.json`
/** The last build's warnings, for the admin area. */
export const BUILD_REPORT = 'build-report.json'
/** Every warning of the last build, one per line, when there are more than the build prints. */
export const WARNINGS_FILE = 'content-warnings.txt'
/** Vite's build manifest (which files each module loads), moved out of dist/.vite/ once the app is built. */
export const VITE_MANIFEST = 'vite-manifest.json'

/**
 * The Content-Security-Policy sources that allow a page's inline elements: the
 * colour-mode boot script every page carries, and the code-colour styles of a
 * prerendered docs page. The server works them out from the very HTML it sends and
 * names them in that page's policy, so nothing else inline ever runs; the build
 * records them in the private folder's `csp.json` as it writes the HTML, for a host
 * that sets headers from a file.
 */
export interface InlineHashes {
  script: string[]
  style: string[]
}

/** `csp.json` in the private folder: the template's hashes (every HTML file) and each route's own. */
export interface CspManifest {
  template: InlineHashes
  routes: Record<string, Partial<InlineHashes>>
}

/** In the private folder (see `privateDir`). */
export const CSP_MANIFEST = 'csp.json'

/**
 * Files the build writes at the site's root for static hosts (Netlify and Cloudflare
 * Pages, Vercel, nginx): configuration, never served as part of the site.
 */
export const HOST_FILES = ['_redirects', '_headers', 'vercel.json', 'nginx.conf'] as const
