import { existsSync } from 'node:fs'
import { join } from 'node:path'

import { isInside } from '../../src/contract/links'
import type { ContentIssue } from '../errors'
import { splitUrl } from '../markdown/links'
import type { LinkRef } from '../markdown/transform'

export interface LinkTargets {
  /** Page paths with their heading ids. */
  pages: ReadonlyMap<string, ReadonlySet<string>>
  /** Routes that exist without a content page (listings, module pages). */
  routes: ReadonlySet<string>
  redirects: Readonly<Record<string, string>>
  /** Folders of static files (the site's `public/`, then docs trees'): `/assets/x.svg` must exist in one. */
  publicDirs: readonly string[]
  /**
   * The docs versions' paths, the first the default: the server sends an unversioned
   * `/docs/x` to the first version's `/docs/4.x/x`, and the check follows it there.
   */
  docsVersionPaths?: readonly string[]
}

export interface LinkSource {
  file: string
  /** Path of the page the links are on, for same-page `#anchor` links. */
  path?: string
  links: readonly LinkRef[]
}

/** How many redirects a link may pass through before the check calls it a loop. */
const MAX_HOPS = 10

/**
 * Fails dead internal links: a path no page, route or redirect answers, an anchor
 * that is not a heading of its target page, or an image missing from public/. The
 * path is followed as the server follows it (a trailing slash dropped, redirects, an
 * unversioned docs path), so the check and a crawl of the built site agree.
 */
export function checkLinks(sources: readonly LinkSource[], targets: LinkTargets): ContentIssue[] {
  const issues: ContentIssue[] = []
  const exists = fileChecker(targets.publicDirs)
  for (const source of sources) {
    for (const link of source.links) {
      const problem = checkOne(link, source, targets, exists)
      if (problem) issues.push({ file: source.file, ...(link.line > 0 ? { line: link.line } : {}), field: link.field ?? link.kind, message: problem })
    }
  }
  return issues
}

/**
 * Fails redirects (`site.config.ts` `redirects`) whose target no page, route or file
 * answers, such as those into a docs version that was removed: a visitor following one
 * would land on a 404. They are named by their config path (`redirects["/old"]`).
 */
export function checkRedirects(redirects: Readonly<Record<string, string>>, targets: LinkTargets, file: string): ContentIssue[] {
  const exists = fileChecker(targets.publicDirs)
  const issues: ContentIssue[] = []
  for (const [from, to] of Object.entries(redirects)) {
    const { path } = splitUrl(to)
    if (!path.startsWith('/')) continue // Leaves the site.
    const found = follow(path, targets)
    if ('loop' in found) {
      issues.push({ file, field: `redirects[${JSON.stringify(from)}]`, message: `redirect "${from}" loops: following it passes ${MAX_HOPS} redirects` })
    } else if (!answers(found.path, targets, exists)) {
      issues.push({
        file,
        field: `redirects[${JSON.stringify(from)}]`,
        message: `redirect "${from}" leads to "${to}", which no page, route or file answers: point it at a page that exists or remove it`,
      })
    }
  }
  return issues
}

function checkOne(link: LinkRef, source: LinkSource, targets: LinkTargets, exists: (p: string) => boolean): string | undefined {
  const { path: rawPath, hash } = splitUrl(link.url)
  if (link.kind === 'image') return exists(rawPath) ? undefined : `image "${link.url}" does not exist in public/`
  const found = follow(rawPath || source.path || '', targets)
  if ('loop' in found) return `broken link "${link.url}": following it passes ${MAX_HOPS} redirects`
  const { path } = found
  if (/^https?:/.test(path)) return undefined // A redirect that leaves the site.
  const anchors = targets.pages.get(path)
  if (anchors) {
    const id = safeDecode(hash)
    if (id && !anchors.has(id)) return `broken anchor "#${hash}": ${path} has no heading with that id`
    return undefined
  }
  if (answers(path, targets, exists)) return undefined
  return `broken link "${link.url}": no page, route or file has the path ${path}`
}

/** Where the server takes `path`: without a trailing slash, through redirects and to the default docs version. */
function follow(start: string, targets: LinkTargets): { path: string } | { loop: true } {
  let path = start.length > 1 ? start.replace(/\/+$/, '') : start
  for (let hops = 0; ; hops++) {
    const target = targets.redirects[path] ?? unversioned(path, targets.docsVersionPaths)
    if (target === undefined) return { path }
    if (hops === MAX_HOPS) return { loop: true }
    path = splitUrl(target).path
  }
}

/** `/docs/x` outside every version is the first version's `/docs/4.x/x`, as the server redirects it. */
function unversioned(path: string, versions: readonly string[] = []): string | undefined {
  const [first] = versions
  if (!first || !path.startsWith('/docs/') || versions.some((v) => isInside(path, v))) return undefined
  return first + path.slice('/docs'.length)
}

function answers(path: string, targets: LinkTargets, exists: (p: string) => boolean): boolean {
  if (/^https?:/.test(path)) return true
  return targets.pages.has(path) || targets.routes.has(path) || (/\.[a-z0-9]+$/i.test(path) && exists(path))
}

/** Whether a static file exists in one of `dirs`, each path looked up once. */
function fileChecker(dirs: readonly string[]): (path: string) => boolean {
  const cache = new Map<string, boolean>()
  return (path) => {
    let found = cache.get(path)
    if (found === undefined) {
      found = dirs.some((dir) => existsSync(join(dir, safeDecode(path))))
      cache.set(path, found)
    }
    return found
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
