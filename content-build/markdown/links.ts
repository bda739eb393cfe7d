import { posix } from 'node:path'

import { isInside } from '../../src/contract/links'
import { pathFromFile } from '../formats/paths'

/** Where a link was written, so links can be resolved the way the author meant them. */
export interface LinkContext {
  /** Folder of the source file, relative to its collection folder (POSIX, '' at the root). */
  fileDir: string
  /** The collection's path prefix (`/docs/4.x`, `/blog`). */
  prefix: string
  /** For a docs version: its path; unversioned `/docs/...` links are moved under it. */
  docsVersionPath?: string
  /** Every docs version path, so versioned links are left alone. */
  docsVersionPaths: readonly string[]
  /**
   * A VitePress tree: its site root is the docs root, so `/guide/x` means this version's
   * `/docs/4.x/guide/x`, and pages may be linked as `x.html`.
   */
  vitepress?: boolean
  /**
   * A VitePress tree's `base` (`/docs/`, slashes at both ends): its site is served under
   * it, so a root link written with it (`/docs/guide/x`) means `/guide/x` of the tree.
   */
  base?: string
  /**
   * A VitePress tree's locales and where each is read (`{ folder: 'es', path: '/es/docs/4.x' }`):
   * its site serves a locale's pages under the folder, so a root link into it
   * (`/es/guide/x`) is that locale's page (`/es/docs/4.x/guide/x`).
   */
  locales?: readonly TreeLocalePath[]
  /**
   * A VitePress tree's root locale's docs path (`/docs/4.x`): a root link outside every
   * locale folder is one of its pages, even when written in a translation, as VitePress
   * reads it. The version's own path when unset.
   */
  rootPath?: string
}

/** A VitePress tree's locale folder and the docs path its pages are read at. */
export interface TreeLocalePath {
  folder: string
  path: string
}

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i

export function isExternal(url: string): boolean {
  return EXTERNAL.test(url)
}

/**
 * Turns a link as written into the site path it points at:
 * - `./installation.md` or `../guide/index.md` resolve against the file, with order
 *   prefixes and `index` handled like file paths;
 * - `/docs/guide/x` written in a docs version becomes `/docs/4.x/guide/x`, because docs
 *   trees are written without the version and mounted under one;
 * - external URLs and same-page anchors are returned unchanged.
 */
export function resolveLink(url: string, ctx: LinkContext): string {
  if (!url || isExternal(url) || url.startsWith('#')) return url
  const split = splitUrl(url)
  const { suffix } = split
  // VitePress writes page links with the extension it serves them under.
  const path = ctx.vitepress && split.path.endsWith('.html') ? `${split.path.slice(0, -'.html'.length)}.md` : split.path
  if (path.startsWith('/')) {
    let resolved = ctx.vitepress ? withoutBase(path, ctx.base) : path
    const version = ctx.docsVersionPath
    if (version && ctx.vitepress && !ctx.docsVersionPaths.some((v) => isInside(resolved, v)) && (posix.extname(resolved) === '' || resolved.endsWith('.md'))) {
      const locale = ctx.locales?.find((l) => resolved === `/${l.folder}` || resolved.startsWith(`/${l.folder}/`))
      resolved = locale ? stripTrailingSlash(locale.path + resolved.slice(locale.folder.length + 1)) : stripTrailingSlash((ctx.rootPath ?? version) + resolved)
    } else if (version && (resolved === '/docs' || resolved.startsWith('/docs/')) && !ctx.docsVersionPaths.some((v) => isInside(resolved, v))) {
      resolved = version + resolved.slice('/docs'.length)
    }
    if (resolved.endsWith('.md')) resolved = resolved.slice(0, -3).replace(/\/index$/, '') || '/'
    return stripTrailingSlash(resolved) + suffix
  }
  // A folder written with its slash (`../`, `./guide/`) is that folder's page.
  const joined = posix.normalize(posix.join(ctx.fileDir || '.', path)).replace(/(.)\/+$/, '$1')
  if (joined.startsWith('..')) return url // Leaves the collection: cannot be mapped, reported by the link check.
  const ext = posix.extname(joined)
  if (ext && ext !== '.md') return url // A relative asset (image, download): left as written.
  // A link to a README is a link to its folder (where a README is the folder's page).
  return pathFromFile(joined === '.' ? 'index' : joined, ctx.prefix, { folderPage: /(^|\/)readme\.md$/i.test(joined) }) + suffix
}

/**
 * A link of a VitePress theme's (sidebar item, home page action) as its theme reads it:
 * from the site's root, even when written without the slash (`fa/guide/x` is
 * `/fa/guide/x`), since VitePress's `normalizeLink` resolves it against the root, not
 * against the page it is shown on.
 */
export function rootedLink(url: string): string {
  if (!url || isExternal(url) || url.startsWith('#') || url.startsWith('/')) return url
  const { pathname, search, hash } = new URL(url, 'http://root.invalid')
  return `${pathname}${search}${hash}`
}

export function splitUrl(url: string): { path: string; suffix: string; hash: string } {
  const cut = url.search(/[?#]/)
  const path = cut === -1 ? url : url.slice(0, cut)
  const suffix = cut === -1 ? '' : url.slice(cut)
  const hashAt = url.indexOf('#')
  return { path, suffix, hash: hashAt === -1 ? '' : url.slice(hashAt + 1) }
}

function withoutBase(path: string, base = '/'): string {
  if (base === '/' || !base.startsWith('/')) return path
  if (path === base.slice(0, -1)) return '/'
  return path.startsWith(base) ? path.slice(base.length - 1) : path
}

function stripTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path
}
