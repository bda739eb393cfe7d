/** Whether a link leaves the site (an http(s), mailto or tel URL) rather than being a site path or an anchor. */
export function isExternal(to: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(to)
}
