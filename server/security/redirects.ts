const PROBE_ORIGIN = 'http://origin.invalid'

/**
 * A request path made fit to build a `Location` from, or undefined when the path
 * must not be redirected at all. Browsers read `//host` and `/\host` as another
 * site, and some decode `%2f` / `%5c` or drop tabs and newlines before they do, so a
 * path with a backslash, an encoded slash or backslash, or a control character
 * (raw or encoded) is refused; repeated slashes collapse to one. The result is
 * checked the way a browser resolves it: it must stay on the origin.
 */
export function redirectablePath(path: string): string | undefined {
  if (!path.startsWith('/')) return undefined
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]|%(?:2f|5c|[01][0-9a-f]|7f)/i.test(path)) return undefined
  const collapsed = path.replace(/\/{2,}/g, '/')
  return staysOnOrigin(collapsed) ? collapsed : undefined
}

/** Whether a `Location` value resolves to a path of the same origin. */
export function staysOnOrigin(location: string): boolean {
  if (!location.startsWith('/') || location.startsWith('//')) return false
  try {
    return new URL(location, PROBE_ORIGIN).origin === PROBE_ORIGIN
  } catch {
    return false
  }
}
