import { sitePath } from '@/config/site'

/**
 * An absolute URL for a site path (`/__content/manifest.json`), under the site's base:
 * browsers resolve relative URLs, other runtimes (tests) need the page's origin.
 */
export function siteUrl(path: string): string {
  const url = sitePath(path)
  return typeof location === 'undefined' ? url : new URL(url, location.href).href
}
