import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { withBase } from '../../src/contract/base'
import { CACHE_IMMUTABLE } from '../../src/contract/security-headers'
import type { SiteConfig } from '../../src/contract/site-schema'
import { nginxConf } from './host-nginx'
import { docsSections, type HostSite, IMMUTABLE_DIRS, outsideVersionsPattern, readHostSite } from './host-site'

/** Cloudflare Pages' limits: 2,000 static and 100 dynamic redirects, and 2,000 characters a line of `_headers`. */
export const CLOUDFLARE = { staticRedirects: 2000, dynamicRedirects: 100, lineLength: 2000 }

/** The policy a host without per-page headers can send with every page: scripts by hash (all pages'), styles by hash while the line fits. */
export function sitePolicy(site: HostSite, maxLength = CLOUDFLARE.lineLength): string {
  const all = [site.shell, site.notFound, ...site.pages.map((p) => p.inline)]
  const script = [...new Set(all.flatMap((h) => h.script))].sort()
  const style = [...new Set(all.flatMap((h) => h.style))].sort()
  const hashed = site.policy({ script, style })
  // Each prerendered docs page has its own code-colour styles: past a header line's
  // length, styles are allowed inline (scripts stay by hash, and images, fonts and
  // connections stay on this origin, so a style cannot send anything elsewhere).
  return `Content-Security-Policy: ${hashed}`.length + 2 <= maxLength ? hashed : site.policy({ script, style: ["'unsafe-inline'"] })
}

/**
 * Netlify's and Cloudflare Pages' `_redirects`: the build's redirects (301), the /docs
 * rule by section, and the app routes without HTML of their own rewritten to the shell
 * (200). Static rules first, as Cloudflare counts every rule after the first dynamic
 * one as dynamic. Both hosts answer unknown paths with 404.html themselves.
 */
export function redirectsFile(site: HostSite): string {
  const [defaultVersion] = site.versions
  const at = (path: string) => withBase(site.base, path)
  const fixed = Object.entries(site.redirects).map(([from, to]) => `${at(from)} ${at(to)} 301`)
  const sections = defaultVersion ? docsSections(site) : []
  const rewrites = site.shellRoutes.map((route) => `${at(route)} ${at('/200.html')} 200`)
  const statics = [...fixed, ...sections.map((s) => `${at(`/docs/${s}`)} ${at(`${defaultVersion}/${s}`)} 301`), ...rewrites]
  const dynamics = sections.map((s) => `${at(`/docs/${s}`)}/* ${at(`${defaultVersion}/${s}`)}/:splat 301`)
  // Netlify answers a path with no file under a language's code with that language's not-found
  // page; Cloudflare Pages takes no 404 rule (it leaves these lines out) and finds the nearest 404.html itself.
  const notFound = site.localNotFound.map((page) => `${at(page.prefix)}* ${at(page.file)} 404`)
  const over = [
    ...(statics.length > CLOUDFLARE.staticRedirects ? [`# ${statics.length} static rules: Cloudflare Pages reads the first ${CLOUDFLARE.staticRedirects}.`] : []),
    ...(dynamics.length > CLOUDFLARE.dynamicRedirects ? [`# ${dynamics.length} dynamic rules: Cloudflare Pages reads the first ${CLOUDFLARE.dynamicRedirects}.`] : []),
  ]
  return [`# Written by the content build for Netlify and Cloudflare Pages (see docs/deploy.md).`, ...over, ...statics, ...dynamics, ...notFound, ''].join('\n')
}

/**
 * Netlify's and Cloudflare Pages' `_headers`: the security headers and the policy on
 * every path, immutable caching for the hashed folders. Both hosts join the values of
 * a header set by two matching rules, so each header is set by one rule only; the
 * hosts' own default (revalidate) covers HTML, sw.js and the manifests.
 */
export function headersFile(site: HostSite): string {
  const block = (path: string, headers: Record<string, string>) => [withBase(site.base, `${path}*`), ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), '']
  return [
    '# Written by the content build for Netlify and Cloudflare Pages (see docs/deploy.md).',
    ...block('/', { ...site.headers, 'Content-Security-Policy': sitePolicy(site) }),
    ...IMMUTABLE_DIRS.flatMap((dir) => block(dir, { 'Cache-Control': CACHE_IMMUTABLE })),
  ].join('\n')
}

/** A path-to-regexp source matching exactly `path` (Vercel's `source`). */
function exactSource(path: string): string {
  return path.replace(/[(){}[\]*+?:\\]/g, (c) => `\\${c}`)
}

/**
 * Vercel's `vercel.json`: the redirects (301), the /docs rule, the app routes rewritten
 * to the shell, the headers, and no trailing slashes. `cleanUrls` stays off: the service
 * worker precaches 200.html by that name, and a redirect would fail its install.
 * Vercel answers unknown paths with 404.html itself.
 */
export function vercelJson(site: HostSite): string {
  const [defaultVersion] = site.versions
  const at = (path: string) => withBase(site.base, path)
  const redirects = Object.entries(site.redirects).map(([from, to]) => ({ source: exactSource(at(from)), destination: at(to), statusCode: 301 }))
  if (defaultVersion && !site.versions.includes('/docs')) {
    redirects.push({ source: `${exactSource(at('/docs'))}/:path(${outsideVersionsPattern(site)}.+)`, destination: `${at(defaultVersion)}/:path`, statusCode: 301 })
  }
  const header = (source: string, headers: Record<string, string>) => ({ source, headers: Object.entries(headers).map(([key, value]) => ({ key, value })) })
  const config = {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    cleanUrls: false,
    trailingSlash: false,
    redirects,
    rewrites: site.shellRoutes.map((route) => ({ source: exactSource(at(route)), destination: at('/200.html') })),
    headers: [
      header(`${exactSource(at('/'))}(.*)`, { ...site.headers, 'Content-Security-Policy': sitePolicy(site) }),
      ...IMMUTABLE_DIRS.map((dir) => header(`${exactSource(at(dir))}(.*)`, { 'Cache-Control': CACHE_IMMUTABLE })),
    ],
  }
  return `${JSON.stringify(config, null, 2)}\n`
}

/** Writes `_redirects`, `_headers`, `vercel.json` and `nginx.conf` into `outDir`, from the HTML and manifest already there. */
export async function writeHostFiles(outDir: string, config: SiteConfig, build: Parameters<typeof readHostSite>[2]): Promise<void> {
  const site = await readHostSite(outDir, config, build, config.base)
  await Promise.all([
    writeFile(join(outDir, '_redirects'), redirectsFile(site)),
    writeFile(join(outDir, '_headers'), headersFile(site)),
    writeFile(join(outDir, 'vercel.json'), vercelJson(site)),
    writeFile(join(outDir, 'nginx.conf'), nginxConf(site)),
  ])
}
