/** An absolute URL for a site path: browsers resolve relative URLs, other runtimes (tests) need the page's origin. */
export function siteUrl(path: string): string {
  return typeof location === 'undefined' ? path : new URL(path, location.href).href
}
