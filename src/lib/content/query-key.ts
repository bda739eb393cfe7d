import { currentBuildId } from './manifest'

/**
 * A content query key: `['content', <build id>, ...parts]`. Content is fixed for a
 * build, so its queries never go stale; a new build has a new id, and so new keys.
 */
export function contentKey<const Parts extends readonly unknown[]>(...parts: Parts) {
  return ['content', currentBuildId() ?? 'dev', ...parts] as const
}
