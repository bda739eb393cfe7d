import siteConfig from 'virtual:fjord-site-config'

import { stripBase, withBase } from '../contract/base'
import { brandKey } from '../contract/brand-key'

/**
 * The site config in the browser. It was validated with zod when the build (or the
 * dev server) started, so the app receives the checked values and ships no schema.
 */
export const site = siteConfig

/**
 * A site path as the browser must request or link it, under the site's base
 * (`site.base`): `sitePath('/assets/a.svg')` → `/fjord/assets/a.svg` for a site served
 * under `/fjord/`. Router links get the base from the router (its `basename`); plain
 * anchors, images and fetches take it from here. URLs that are not site paths pass as they are.
 */
export function sitePath(path: string): string {
  return withBase(site.base, path)
}

/** The site path a URL path of this page names (`/fjord/docs` → `/docs`): what routes and content are keyed by. */
export function routePath(pathname: string): string {
  return stripBase(site.base, pathname)
}

/**
 * A loader's request URL with its path as a site path: the router hands loaders the
 * URL the browser shows, under the base (`/fjord/docs/x`); routes, content and
 * middleware know the path from the site's root (`/docs/x`).
 */
export function routeUrl(request: Request): URL {
  const url = new URL(request.url)
  url.pathname = routePath(url.pathname)
  return url
}

/** A product API URL: `apiUrl('/stats')` → `/api/stats` (under the site's base; or on the host `api.baseUrl` names). */
export function apiUrl(path: string): string {
  return `${sitePath(site.api.baseUrl).replace(/\/$/, '')}${path}`
}

/** A name for something the site keeps in the browser (a storage key, a window name), under the brand's key: `storageKey('color-mode')` → `fjord-color-mode`. */
export function storageKey(name: string): string {
  return `${brandKey(site.brand)}-${name}`
}
