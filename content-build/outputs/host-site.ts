import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { ContentManifest, InlineHashes } from '../../src/contract/content/build-output'
import { THUMBNAIL_BASE } from '../../src/contract/content/thumbnail'
import { ICONS_BASE } from '../../src/contract/icon-sets'
import { isInside } from '../../src/contract/links'
import { appRoutes } from '../../src/contract/paths'
import { contentPageRoutes, isRouteOn } from '../../src/contract/sections'
import { contentSecurityPolicy, SECURITY_HEADERS } from '../../src/contract/security-headers'
import type { SiteConfig } from '../../src/contract/site-schema'
import { mapLimit } from '../workers/concurrency'
import { inlineHashes } from './inline-hashes'

/**
 * What every static host's file is made from: the site as the Node server answers it
 * (server/app.ts), in plain data. Paths are the site's own (`/docs/4.x`); each file
 * puts `base` in front.
 */
export interface HostSite {
  /** Where the site is served: `/`, or a sub-path with both slashes (`/fjord/`). */
  base: string
  /** The build manifest's redirects: a site path to a site path or an absolute URL. */
  redirects: Readonly<Record<string, string>>
  /** The docs versions' paths, the default first: any /docs path outside them moves under the default. */
  versions: readonly string[]
  /** Routes with HTML of their own, with the hashes of its inline scripts and styles. */
  pages: readonly HostPage[]
  /** Routes the app draws without HTML of their own: the shell, 200.html, answers them. */
  shellRoutes: readonly string[]
  /** The inline hashes of 200.html (the app shell) and 404.html (unknown paths). */
  shell: InlineHashes
  notFound: InlineHashes
  /** Each other language's not-found page, for the paths under its code: `/es/` and `/es/404.html`. */
  localNotFound: readonly { prefix: string; file: string; inline: InlineHashes }[]
  /** Content files whose URLs carry their checksum (`?v=`): immutable when it is the current one. */
  versioned: readonly { path: string; v: string }[]
  /** Payloads (`…/_payload.json?v=`) are current with this build id. */
  buildId: string
  /** The security headers every response carries (the contract's SECURITY_HEADERS). */
  headers: Readonly<Record<string, string>>
  /** The Content-Security-Policy for a page with these inline hashes (the contract's contentSecurityPolicy). */
  policy: (inline?: InlineHashes) => string
}

export interface HostPage {
  route: string
  /** The HTML file, from the site's root (`/docs/4.x/a/index.html`). */
  file: string
  inline: InlineHashes
}

/** Folders whose files are named by their content. */
export const IMMUTABLE_DIRS = ['/_app/', `${THUMBNAIL_BASE.replace(/\/$/, '')}/`, ICONS_BASE]

/**
 * The /docs rule of the server, as hosts without regular expressions can say it: a
 * redirect for each first segment under `/docs/` that the default version has
 * (`/docs/guide/*` → `/docs/4.x/guide/:splat`). A path whose first segment the default
 * version does not have lands on the 404 page at once instead of after a redirect.
 */
export function docsSections(site: HostSite): string[] {
  const [defaultVersion] = site.versions
  if (!defaultVersion) return []
  const owned = [...site.pages.map((p) => p.route), ...site.shellRoutes, ...Object.keys(site.redirects)]
  const segments = new Set(owned.filter((route) => route.startsWith(`${defaultVersion}/`)).map((route) => route.slice(defaultVersion.length + 1).split('/')[0] ?? ''))
  return [...segments].filter((segment) => segment && outsideVersions(site, `/docs/${segment}`)).sort()
}

/** Whether the server moves `/docs/…` paths starting with `path` under the default version (none of them inside a version). */
function outsideVersions(site: HostSite, path: string): boolean {
  return !site.versions.some((v) => isInside(path, v) || v.startsWith(`${path}/`))
}

/** Text matched literally inside a regular expression (nginx's PCRE, Vercel's path patterns). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The pattern (after `/docs/`) of paths outside every docs version. */
export function outsideVersionsPattern(site: HostSite): string {
  const inside = site.versions.filter((v) => v.startsWith('/docs/')).map((v) => escapeRegExp(v.slice('/docs/'.length)))
  return inside.length ? `(?!(?:${inside.join('|')})(?:/|$))` : ''
}

/**
 * The site as hosts see it, from what the build wrote into `outDir`: each route's HTML
 * (its inline hashes read from the file, as the server reads them), the shell, the
 * current content URLs.
 */
export async function readHostSite(
  outDir: string,
  config: SiteConfig,
  build: { redirects: Record<string, string>; prerendered: readonly string[]; manifest: ContentManifest },
  base: string,
): Promise<HostSite> {
  const hashesOf = async (file: string) => (existsSync(join(outDir, file)) ? inlineHashes(await readFile(join(outDir, file), 'utf8')) : { script: [], style: [] })
  // As the server knows routes: the build's pages and the app's own routes of the sections that are on.
  const known = [...new Set([...build.prerendered, ...appRoutes.filter((route) => !contentPageRoutes.includes(route))])].filter((route) => isRouteOn(config.sections, route))
  const routes = known.filter((route) => !Object.hasOwn(build.redirects, route)).sort()
  const fileOf = (route: string) => (route === '/' ? '/index.html' : `${route}/index.html`)
  const shellRoutes = routes.filter((route) => !existsSync(join(outDir, fileOf(route))))
  const pages = await mapLimit(
    routes.filter((route) => !shellRoutes.includes(route)),
    32,
    async (route): Promise<HostPage> => ({ route, file: fileOf(route), inline: await hashesOf(fileOf(route)) }),
  )
  const versioned = Object.values(build.manifest.collections).flatMap((c) => {
    const urls = [c.dump, c.image, c.search && `${c.search.path}?v=${c.search.checksum}`, c.navigation && `${c.navigation.path}?v=${c.navigation.checksum}`]
    return urls.flatMap((url) => {
      const [path = '', v = ''] = url?.split('?v=') ?? []
      // A site path, whether or not the manifest wrote it under the base.
      const own = base !== '/' && path.startsWith(base) ? `/${path.slice(base.length)}` : path
      return own && v ? [{ path: own, v }] : []
    })
  })
  return {
    base,
    redirects: build.redirects,
    versions: config.docs.versions.map((v) => v.path),
    pages,
    shellRoutes,
    shell: await hashesOf('/200.html'),
    notFound: await hashesOf('/404.html'),
    localNotFound: await Promise.all(
      config.locales
        .slice(1)
        .filter((locale) => existsSync(join(outDir, locale.code, '404.html')))
        .map(async (locale) => ({ prefix: `/${locale.code}/`, file: `/${locale.code}/404.html`, inline: await hashesOf(`/${locale.code}/404.html`) })),
    ),
    versioned,
    buildId: build.manifest.buildId,
    headers: SECURITY_HEADERS,
    policy: contentSecurityPolicy(config),
  }
}
