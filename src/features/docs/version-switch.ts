import { site } from '@/config/site'
import { blogEditions, defaultLocale, localizedPath, unlocalizedPath } from '@/contract/locales'
import { getAppManifest } from '@/lib/app-manifest'
import { docsVersions, editions, isInside, versionOf } from '@/lib/content/docs-versions'
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

/**
 * Where switching to the locale `code` takes a reader at `pathname`: the same page in
 * that language when it is translated (`exact`), else the nearest page of that
 * language: the closest section above it that is, else the first page of the same
 * version there, else of that language's first version. A blog post goes to its
 * translation, else to that language's blog, where it has one. Any other page is read
 * in the default language only: the other languages' docs stand in for it.
 */
export async function languageSwitchTarget(pathname: string, code: string): Promise<{ path: string; exact: boolean }> {
  const blogs = blogEditions(site)
  const fromBlog = blogs.find((b) => isInside(pathname, b.path))
  const toBlog = blogs.find((b) => b.locale === code)
  if (fromBlog && toBlog && site.sections.blog) {
    const wanted = toBlog.path + pathname.slice(fromBlog.path.length)
    const { prerendered } = await getAppManifest()
    return prerendered.includes(wanted) ? { path: wanted, exact: true } : { path: toBlog.path, exact: false }
  }
  const current = editions.find((e) => isInside(pathname, e.path))
  const target = editions.find((e) => e.locale === code && e.original === current?.original) ?? editions.find((e) => e.locale === code)
  if (!target) return { path: localizedPath(site, unlocalizedPath(site, pathname), code), exact: code === defaultLocale(site).code }
  if (!current) return { path: target.path, exact: false }
  const wanted = target.path + pathname.slice(current.path.length)
  const collection = docsVersions.find((v) => v.path === target.path)?.collection
  const [manifest, tree] = await Promise.all([getAppManifest(), collection ? queryCollectionNavigation(collection).catch(() => []) : []])
  const pages = new Set([...manifest.prerendered, ...leaves(tree).map((p) => p.path)])
  const exists = (path: string) => pages.has(path)
  if (target.original === current.original && exists(wanted)) return { path: wanted, exact: true }
  for (let path = wanted.slice(0, wanted.lastIndexOf('/')); isInside(path, target.path) && path !== target.path; path = path.slice(0, path.lastIndexOf('/'))) {
    if (exists(path)) return { path, exact: false }
  }
  return { path: leaves(tree)[0]?.path ?? target.path, exact: false }
}
