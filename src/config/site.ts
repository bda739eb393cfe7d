import siteConfig from 'virtual:fjord-site-config'

/**
 * The site config in the browser. It was validated with zod when the build (or the
 * dev server) started, so the app receives the checked values and ships no schema.
 */
export const site = siteConfig

/** A product API URL: `apiUrl('/stats')` → `/api/stats` (or on the host `api.baseUrl` names). */
export function apiUrl(path: string): string {
  return `${site.api.baseUrl.replace(/\/$/, '')}${path}`
}
