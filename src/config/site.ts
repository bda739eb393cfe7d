import siteConfig from 'virtual:fjord-site-config'

import { brandKey } from '../contract/brand-key'

/**
 * The site config in the browser. It was validated with zod when the build (or the
 * dev server) started, so the app receives the checked values and ships no schema.
 */
export const site = siteConfig

/** A product API URL: `apiUrl('/stats')` → `/api/stats` (or on the host `api.baseUrl` names). */
export function apiUrl(path: string): string {
  return `${site.api.baseUrl.replace(/\/$/, '')}${path}`
}

/** A name for something the site keeps in the browser (a storage key, a window name), under the brand's key: `storageKey('color-mode')` → `fjord-color-mode`. */
export function storageKey(name: string): string {
  return `${brandKey(site.brand)}-${name}`
}
