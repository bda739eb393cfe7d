/**
 * The site's base path: where it is served, `/` for a domain of its own or `/fjord/`
 * for a sub-path (GitHub Pages' `/<repo>/`). Paths in site.config.ts, content and the
 * app's routes are written from the site's root (`/docs/4.x`); the base is put in
 * front only where a URL is made for a browser, a feed or a host (links, fetches,
 * files of the build), with `withBase`, and taken off a URL the browser hands back
 * with `stripBase`.
 */

/** `fjord`, `/fjord`, `fjord/` and `/fjord/` → `/fjord/`; an empty string or `/` → `/`. */
export function normalizeBase(base: string): string {
  const inner = base
    .trim()
    .split('/')
    .filter((part) => part !== '')
    .join('/')
  return inner ? `/${inner}/` : '/'
}

/** Why a base path is refused, or undefined: segments that a URL would change or a host would read otherwise. */
export function baseProblem(base: string): string | undefined {
  const parts = base.split('/').filter((part) => part !== '')
  if (parts.some((part) => part === '.' || part === '..')) return 'must not hold "." or ".." segments'
  if (parts.some((part) => !/^[A-Za-z0-9._~-]+$/.test(part))) return 'must be made of letters, digits, ".", "_", "~" and "-" between slashes, such as /fjord/'
  return undefined
}

/**
 * A site path under the base: `withBase('/fjord/', '/docs/4.x')` → `/fjord/docs/4.x`,
 * `withBase('/fjord/', '/')` → `/fjord/`. Anything that is not a site path (an http(s)
 * URL, `mailto:`, an anchor, a protocol-relative `//host` URL) is returned as it is.
 * Apply it once, where the URL is made: a site may well have a page at `/fjord/x`.
 */
export function withBase(base: string, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//') || base === '/') return path
  return `${base}${path.slice(1)}`
}

/**
 * The site path a URL path under the base names: `stripBase('/fjord/', '/fjord/docs')`
 * → `/docs`, `stripBase('/fjord/', '/fjord')` → `/`. A path outside the base is
 * returned unchanged (callers that must refuse it check `isUnderBase` first).
 */
export function stripBase(base: string, path: string): string {
  if (base === '/') return path
  if (path === base.slice(0, -1)) return '/'
  return path.startsWith(base) ? `/${path.slice(base.length)}` : path
}

/** Whether a URL path is the base or below it (`/fjord`, `/fjord/`, `/fjord/x`; not `/fjordx`). */
export function isUnderBase(base: string, path: string): boolean {
  return base === '/' || path === base.slice(0, -1) || path.startsWith(base)
}
