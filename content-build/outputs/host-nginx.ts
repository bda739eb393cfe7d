import { withBase } from '../../src/contract/base'
import { HOST_FILES } from '../../src/contract/content/build-output'
import { COMPRESSIBLE_EXTENSIONS, CONTENT_TYPES } from '../../src/contract/content-types'
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, CACHE_SHORT, STRICT_TRANSPORT_SECURITY } from '../../src/contract/security-headers'
import { escapeRegExp, type HostSite, IMMUTABLE_DIRS, outsideVersionsPattern } from './host-site'

const escapeQuoted = (text: string) => text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')

/**
 * An nginx string of literal text, quoted, then `variables` (`$is_args$args`): a `$` in
 * the text would name a variable, so a URL's is written `%24` (the site's paths and
 * policies have none otherwise).
 */
function q(text: string, variables = ''): string {
  return `"${escapeQuoted(text).replaceAll('$', '%24')}${variables}"`
}

/** A regular expression, quoted (nginx reads no variables in a location's or a rewrite's pattern). */
function re(pattern: string): string {
  return `"${escapeQuoted(pattern)}"`
}

/** The MIME types of the site's files, and those nginx adds the charset to, from the server's own table. */
function typesBlock(): string[] {
  const byType = new Map<string, string[]>()
  for (const [ext, type] of Object.entries(CONTENT_TYPES)) {
    const mime = type.split(';')[0] ?? type
    byType.set(mime, [...(byType.get(mime) ?? []), ext.slice(1)])
  }
  const charset = [
    ...new Set(
      Object.values(CONTENT_TYPES)
        .filter((t) => t.includes('charset'))
        .map((t) => t.split(';')[0]),
    ),
  ].filter((t) => t !== 'text/html')
  const compress = [...new Set([...COMPRESSIBLE_EXTENSIONS].map((ext) => CONTENT_TYPES[ext]?.split(';')[0]))].filter((t) => t && t !== 'text/html')
  return [
    // A types block here replaces the http block's whole table: it names every type the site serves.
    'types {',
    ...[...byType].map(([mime, exts]) => `  ${mime} ${exts.join(' ')};`),
    '}',
    'default_type application/octet-stream;',
    'charset utf-8;',
    `charset_types ${charset.join(' ')};`,
    // The build writes .gz siblings of the databases and JSON indexes; the rest is compressed on the way.
    'gzip_static on;',
    'gzip on;',
    'gzip_vary on;',
    'gzip_min_length 1024;',
    `gzip_types ${compress.join(' ')};`,
  ]
}

/** A location that sets the cache rule and, for HTML, the page's own policy, then serves `body`. */
function location(match: string, { cache, csp, body = [] }: { cache: string; csp?: string; body?: string[] }): string[] {
  return [`location ${match} {`, `  set $fjord_cache ${q(cache)};`, ...(csp ? [`  set $fjord_csp ${q(csp)};`] : []), ...body.map((line) => `  ${line}`), '}']
}

/**
 * `nginx.conf`: a server-level include that serves the site as the Node server does
 * (server/app.ts). Inside a `server` block whose `root` holds the site at its base:
 *
 *     server { listen 80; root /srv/site; include /srv/site/nginx.conf; }
 *
 * (with a base `/fjord/`, the root holds `fjord/`, and the include is `…/fjord/nginx.conf`).
 * Each route's HTML comes with the policy for its own inline scripts and styles; the
 * shell (200.html) answers the app's routes without HTML; 404.html, with HTTP 404, every
 * path nothing answers. Headers are added at this level from variables each location
 * sets, so no location loses them (nginx drops inherited `add_header`s in a location that
 * has its own).
 */
export function nginxConf(site: HostSite): string {
  const at = (path: string) => withBase(site.base, path)
  const [defaultVersion] = site.versions
  const home = site.base
  const lines: string[] = [
    '# Written by the content build: include it inside a server block (see docs/deploy.md).',
    `# server { listen 80; root /srv/site; include /srv/site${site.base}nginx.conf; }`,
    ...typesBlock(),
    'server_tokens off;',
    // Redirects name a path on this host, whatever name or port it was reached by.
    'absolute_redirect off;',
    `error_page 404 ${at('/404.html')};`,
    '',
    `set $fjord_cache ${q(CACHE_SHORT)};`,
    `set $fjord_csp ${q(site.policy())};`,
    'set $fjord_hsts "";',
    `if ($scheme = https) { set $fjord_hsts ${q(STRICT_TRANSPORT_SECURITY)}; }`,
    `add_header Cache-Control $fjord_cache always;`,
    `add_header Content-Security-Policy $fjord_csp always;`,
    ...Object.entries(site.headers).map(([name, value]) => `add_header ${name} ${q(value)} always;`),
    'add_header Strict-Transport-Security $fjord_hsts always;',
    '',
    '# No trailing slashes (the home page is the base itself).',
    `rewrite ${re(`^(${escapeRegExp(home)}.+)/$`)} $1 permanent;`,
    ...(home !== '/' ? [`location = ${q(home.slice(0, -1))} { return 301 ${q(home, '$is_args$args')}; }`] : []),
    '',
    '# Dot files, the host files and index.html by name are not pages of the site.',
    `location ~ ${re(`^${escapeRegExp(home)}(?:.*/)?\\.(?!well-known(?:/|$))`)} { return 404; }`,
    `location ~ ${re(`^${escapeRegExp(home)}(?:${HOST_FILES.map(escapeRegExp).join('|')})$`)} { return 404; }`,
    `location ~ ${re(`^${escapeRegExp(home)}(?:.*/)?index\\.html$`)} { return 404; }`,
    '',
    "# The build's redirects.",
    ...Object.entries(site.redirects).map(([from, to]) => `location = ${q(at(from))} { return 301 ${q(at(to), to.startsWith('/') ? '$is_args$args' : '')}; }`),
  ]
  if (defaultVersion && !site.versions.includes('/docs')) {
    lines.push(
      '# Any /docs path outside a version, under the default version.',
      `location ~ ${re(`^${escapeRegExp(at('/docs/'))}${outsideVersionsPattern(site)}(.+)$`)} { return 301 ${q(`${at(defaultVersion)}/`, '$1$is_args$args')}; }`,
    )
  }
  lines.push(
    '',
    '# Pages: each route with its own HTML and the policy for its inline scripts and styles.',
    ...site.pages.flatMap((page) => location(`= ${q(at(page.route))}`, { cache: CACHE_REVALIDATE, csp: site.policy(page.inline), body: [`try_files ${q(at(page.file))} =404;`] })),
    '# Routes the app draws from the shell.',
    ...site.shellRoutes.flatMap((route) =>
      location(`= ${q(at(route))}`, { cache: CACHE_REVALIDATE, csp: site.policy(site.shell), body: [`try_files ${q(at('/200.html'))} =404;`] }),
    ),
    ...location(`= ${q(at('/200.html'))}`, { cache: CACHE_REVALIDATE, csp: site.policy(site.shell) }),
    ...location(`= ${q(at('/404.html'))}`, { cache: CACHE_REVALIDATE, csp: site.policy(site.notFound) }),
    // A path nothing answers under another language's code gets that language's not-found page.
    ...site.localNotFound.flatMap((page) => [
      ...location(`= ${q(at(page.file))}`, { cache: CACHE_REVALIDATE, csp: site.policy(page.inline) }),
      ...location(q(at(page.prefix)), { cache: CACHE_SHORT, body: [`error_page 404 ${at(page.file)};`, 'try_files $uri =404;'] }),
    ]),
    '',
    '# Files named by their content, and content named by its checksum while it is current.',
    ...IMMUTABLE_DIRS.flatMap((dir) => location(q(at(dir)), { cache: CACHE_IMMUTABLE, body: ['try_files $uri =404;'] })),
    ...site.versioned.flatMap(({ path, v }) =>
      location(`= ${q(at(path))}`, { cache: CACHE_REVALIDATE, body: [`if ($arg_v = ${q(v)}) { set $fjord_cache ${q(CACHE_IMMUTABLE)}; }`] }),
    ),
    ...location(`~ ${re(`^${escapeRegExp(home)}(?:.*/)?_payload\\.json$`)}`, {
      cache: CACHE_REVALIDATE,
      body: [`if ($arg_v = ${q(site.buildId)}) { set $fjord_cache ${q(CACHE_IMMUTABLE)}; }`],
    }),
    '# The service worker, HTML, manifests and build records are asked for again each time.',
    ...location(`= ${q(at('/sw.js'))}`, { cache: CACHE_REVALIDATE }),
    ...location(`~ ${re(`^${escapeRegExp(home)}.*\\.html$`)}`, { cache: CACHE_REVALIDATE }),
    ...location(q(at('/builds/')), { cache: CACHE_REVALIDATE, body: ['try_files $uri =404;'] }),
    ...location(q(at('/__content/')), { cache: CACHE_REVALIDATE, body: ['try_files $uri =404;'] }),
    '# Any other file as it is; anything else is the 404 page.',
    ...location(q(home), { cache: CACHE_SHORT, body: ['try_files $uri =404;'] }),
    '',
  )
  return lines.join('\n')
}
