/** Whether a link leaves the site (an http(s), mailto or tel URL) rather than being a site path or an anchor. */
export function isExternal(to: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(to)
}

/** `https://www.example.com/x` -> `example.com`: a URL's site, as a link's text shows it (the text itself when it is no URL). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '')
  } catch {
    return url
  }
}

/** Whether a site path is `base` or below it: `/docs/4.x/a` is inside `/docs/4.x`, `/docs/4.xyz` is not. */
export function isInside(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`)
}
