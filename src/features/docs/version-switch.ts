import { getAppManifest } from '@/lib/app-manifest'
import { docsVersions, versionOf } from '@/lib/content/docs-versions'
import { queryCollectionNavigation } from '@/lib/content/index'

import { leaves } from './navigation'

/**
 * Where switching to the version at `targetPath` takes a reader at `pathname`: the
 * same page in that version when it exists there (the build manifest lists every
 * page, sidebar or not), else that version's first page.
 */
export async function versionSwitchTarget(pathname: string, targetPath: string): Promise<string> {
  const current = versionOf(pathname)
  const target = docsVersions.find((v) => v.path === targetPath)
  if (!current || !target) return targetPath
  const candidate = targetPath + pathname.slice(current.path.length)
  const [manifest, tree] = await Promise.all([getAppManifest(), queryCollectionNavigation(target.collection).catch(() => [])])
  if (manifest.prerendered.includes(candidate) || leaves(tree).some((p) => p.path === candidate)) return candidate
  return leaves(tree)[0]?.path ?? targetPath
}
