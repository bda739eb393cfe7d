import { isInside } from '../../src/contract/links'
import { docsEditions } from '../../src/contract/locales'
import { paths } from '../../src/contract/paths'
import { isCovered, serverRoutes } from '../../src/contract/sections'
import type { SiteConfig } from '../../src/contract/site-schema'
import type { ContentIssue } from '../errors'
import { splitUrl } from '../markdown/links'
import type { LinkRef } from '../markdown/transform'
import { configLinks, SITE_CONFIG_FILE } from './config-links'
import type { CollectionDefinition } from './definitions'
import { checkLinks, checkRedirects, type LinkSource, type LinkTargets } from './link-check'
import { listings } from './listings'
import type { CollectionEntries } from './site-rules'

/**
 * The listing each of the home page's highlight sections leads to ("Read all posts"),
 * as src/features/landing/components/landing-page.tsx draws them: a section shows
 * when its collection has rows.
 */
const HIGHLIGHT_LISTINGS: Readonly<Record<string, string>> = {
  blog: paths.blog(),
  modules: paths.modules(),
  deploy: paths.deploy(),
  manualSponsors: paths.enterpriseSponsors(),
}

/**
 * Links to no page, route, redirect, anchor or public file, from every source the
 * built pages draw links from: Markdown bodies, front matter and YAML fields (those
 * the content schemas mark, link-fields.ts), the site config's menus, footer and
 * social links, the home page's highlights, and the config's redirects. All are
 * checked against the same pages, routes, redirects and files.
 *
 * `own` holds the project's problems; `imported` those of (or into) docs trees imported
 * from another checkout, which are held to the imported rule: that tree decides what
 * exists there. A redirect of the config is held to the project's rule (an error by
 * default), but for one into such a tree, which is held to the tree's like every link
 * into it: the first build of a real tree reports the demo's redirects into it and goes on.
 *
 * `serverOnly` holds, on a static site, the project's links to pages that need a server
 * (the newsletter, the admin): the content was written for a site with one, and a build
 * for a static host says where it links to what that host does not have, without failing.
 */
export function deadLinks(
  defs: readonly CollectionDefinition[],
  grouped: readonly CollectionEntries[],
  config: SiteConfig,
  known: { routes: string[]; redirects: Record<string, string>; publicDirs: string[] },
): { own: ContentIssue[]; imported: ContentIssue[]; serverOnly: ContentIssue[] } {
  const routed = grouped.filter(({ def }) => def.type === 'page' && def.routes).flatMap((c) => c.entries)
  const sources: (LinkSource & { imported: boolean })[] = grouped.flatMap(({ def, entries }) =>
    entries.map(({ row, result, task }) => ({
      file: task.file.display,
      ...(def.type === 'page' ? { path: String(row.path) } : {}),
      links: result.links,
      imported: def.imported === true,
    })),
  )
  sources.push({ file: SITE_CONFIG_FILE, links: configLinks(config), imported: false })
  sources.push(...highlightSources(grouped).map((source) => ({ ...source, imported: false })))
  const targets: LinkTargets = {
    pages: new Map(routed.map(({ row, result }) => [String(row.path), new Set(result.anchors)])),
    // Pages that failed (their errors are reported) count as there: a link to one is not broken as well.
    routes: new Set(known.routes),
    redirects: known.redirects,
    publicDirs: known.publicDirs,
    docsVersionPaths: docsEditions(config).map((v) => v.path),
  }
  const importedPrefixes = defs.filter((def) => def.imported && def.type === 'page').map((def) => def.prefix)
  const intoTree = (url: string) => importedPrefixes.some((prefix) => isInside(splitUrl(url).path, prefix))
  const intoImported = (link: LinkRef) => link.kind === 'link' && intoTree(link.url)
  const redirects = Object.entries(config.redirects)
  const noServer = config.hosting === 'static' ? serverRoutes() : []
  const needsServer = (link: LinkRef) => link.kind === 'link' && isCovered(noServer, splitUrl(link.url).path.replace(/(.)\/$/, '$1'))
  const own = sources.filter((s) => !s.imported).map((s) => ({ ...s, links: s.links.filter((link) => !intoImported(link)) }))
  return {
    serverOnly: checkLinks(
      own.map((s) => ({ ...s, links: s.links.filter(needsServer) })),
      targets,
    ).map((issue) => ({
      ...issue,
      message: `${issue.message}: that page needs a server, which a static site (hosting: 'static') does not have; the link leads to the not-found page there`,
    })),
    own: [
      ...checkLinks(
        own.map((s) => ({ ...s, links: s.links.filter((link) => !needsServer(link)) })),
        targets,
      ),
      ...checkRedirects(Object.fromEntries(redirects.filter(([, to]) => !intoTree(to))), targets, SITE_CONFIG_FILE),
    ],
    imported: [
      ...checkLinks(
        sources.map((s) => (s.imported ? s : { ...s, links: s.links.filter(intoImported) })),
        targets,
      ),
      ...checkRedirects(Object.fromEntries(redirects.filter(([, to]) => intoTree(to))), targets, SITE_CONFIG_FILE),
    ],
  }
}

/**
 * What the home page's highlights link to (content-build/collections/listings.ts): each
 * highlighted row's page, named in the row's file, and the listing each shown section
 * leads to, named in the home page's file.
 */
export function highlightSources(grouped: readonly CollectionEntries[]): LinkSource[] {
  const home = grouped.flatMap((c) => (c.def.type === 'page' ? c.entries : [])).find((e) => e.row.path === paths.home())
  const homeFile = home?.task.file.display ?? 'the home page'
  const sources: LinkSource[] = []
  for (const listing of listings.filter((l) => l.path === paths.home())) {
    const group = grouped.find((c) => c.def.name === listing.collection)
    const rows = group?.entries.map((e) => e.row) ?? []
    if (!group || !rows.length) continue
    const field = `highlights.${listing.collection}`
    const section = HIGHLIGHT_LISTINGS[listing.collection]
    if (section) sources.push({ file: homeFile, links: [{ url: section, line: home ? 1 : 0, kind: 'link', field }] })
    const shown = new Set(listing.select ? listing.select(rows) : rows)
    for (const entry of group.entries) {
      const url = shown.has(entry.row) ? pageOf(group.def, entry.row) : undefined
      if (url) sources.push({ file: entry.task.file.display, links: [{ url, line: 1, kind: 'link', field }] })
    }
  }
  return sources
}

/** The page a listed row links to: a routed page's own path, a module's page. */
function pageOf(def: CollectionDefinition, row: Record<string, unknown>): string | undefined {
  if (def.type === 'page' && def.routes && typeof row.path === 'string') return row.path
  if (def.name === 'modules' && typeof row.name === 'string') return paths.module(row.name)
  return undefined
}
