/**
 * Content (rows, navigation trees, search sections, payloads) was validated against
 * its schema when the site was built; at run time it is trusted to have that shape.
 * This is the one place where untyped data from the network or SQLite becomes typed:
 * anything that did not come from the content build must not pass through here.
 */
export function trustBuildOutput<T>(value: unknown): T {
  return value as T
}
