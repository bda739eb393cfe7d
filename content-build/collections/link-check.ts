import { existsSync } from 'node:fs'
import { join } from 'node:path'

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
}

export interface LinkSource {
  file: string
  /** Path of the page the links are on, for same-page `#anchor` links. */
  path?: string
  links: readonly LinkRef[]
}

/**
 * Fails dead internal links: a path no page, route or redirect answers, an anchor
 * that is not a heading of its target page, or an image missing from public/.
 */
export function checkLinks(sources: readonly LinkSource[], targets: LinkTargets): ContentIssue[] {
  const issues: ContentIssue[] = []
  const publicCache = new Map<string, boolean>()
  const publicHas = (path: string) => {
    let found = publicCache.get(path)
    if (found === undefined) {
      found = targets.publicDirs.some((dir) => existsSync(join(dir, safeDecode(path))))
      publicCache.set(path, found)
    }
    return found
  }

  for (const source of sources) {
    for (const link of source.links) {
      const problem = checkOne(link, source, targets, publicHas)
      if (problem) issues.push({ file: source.file, line: link.line, field: link.kind, message: problem })
    }
  }
  return issues
}

function checkOne(link: LinkRef, source: LinkSource, targets: LinkTargets, publicHas: (p: string) => boolean): string | undefined {
  const { path: rawPath, hash } = splitUrl(link.url)
  if (link.kind === 'image') return publicHas(rawPath) ? undefined : `image "${link.url}" does not exist in public/`
  let path = rawPath || source.path || ''
  for (let hops = 0; hops < 10 && targets.redirects[path]; hops++) path = splitUrl(targets.redirects[path] ?? '').path
  if (/^https?:/.test(path)) return undefined // A redirect that leaves the site.
  const anchors = targets.pages.get(path)
  if (anchors) {
    const id = safeDecode(hash)
    if (id && !anchors.has(id)) return `broken anchor "#${hash}": ${path} has no heading with that id`
    return undefined
  }
  if (targets.routes.has(path)) return undefined
  if (/\.[a-z0-9]+$/i.test(path) && publicHas(path)) return undefined
  return `broken link "${link.url}": no page, route or file has the path ${path}`
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
