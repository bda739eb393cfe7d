import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'

import type { CollectionDefinition } from '../collections/definitions'
import type { NavItem } from '../collections/navigation'
import type { CollectionEntries } from '../collections/site-rules'
import type { ContentIssue } from '../errors'
import { readVitepressConfig, type VitepressConfig } from './vitepress-config'
import { sidebarNavigation } from './vitepress-sidebar'

type ConfigRead = Awaited<ReturnType<typeof readVitepressConfig>>

/** Where a docs collection's pages come from in a VitePress tree: the tree's own (root locale), or one locale folder of it. */
interface TreeOf {
  def: CollectionDefinition
  treeDir?: string
  read?: ConfigRead
  /** The locale folder it reads, for a translation. */
  folder?: string
}

/**
 * Each VitePress tree's config, read once before its files are listed (its `srcDir`,
 * `srcExclude`, `rewrites` and locales decide which files are pages and where they go),
 * with what the build should say about it. A config that cannot be read leaves the tree
 * to VitePress' defaults.
 *
 * A docs collection whose folder is a locale folder of a tree (`…/docs/es`, as
 * tree-locales.ts names it for a tree's `locales`) reads that folder's pages through the
 * tree's config, with the locale's own sidebar; the root locale's collection leaves
 * every locale folder out.
 */
export async function readVitepressTrees(defined: CollectionDefinition[], root: string) {
  const configs = new Map<string, VitepressConfig>()
  const warnings: ContentIssue[] = []
  const reads = new Map<string, Promise<ConfigRead>>()
  const readTree = (treeDir: string) => {
    let read = reads.get(treeDir)
    if (!read) reads.set(treeDir, (read = readVitepressConfig(treeDir, tmpdir())))
    return read
  }
  const trees = await Promise.all(defined.map((def) => treeOf(def, root, readTree)))
  const defs = trees.map(({ def, treeDir, read, folder }): CollectionDefinition => {
    if (!treeDir || !def.docsVersionPath) return def
    const defaults = { srcDir: '', exclude: [], rewrites: [], leftOut: [], cleanUrls: false, base: '/', locales: [], rootPath: def.docsVersionPath }
    if (!read) return { ...def, vitepress: defaults }
    const file = displayPath(root, read.file)
    if ('error' in read) {
      warnings.push({ file, message: `the VitePress config could not be read (${read.error}): the tree is built with VitePress' defaults and the sidebar follows the files` })
      return { ...def, vitepress: defaults }
    }
    const { srcDir, exclude, rewrites, cleanUrls, base } = read
    // This tree's translations built beside this collection: the same version in the other locales.
    const translations = trees.filter((t) => t.treeDir === treeDir && t.folder !== undefined && t.def.docsVersionPath)
    const original =
      folder === undefined ? def : trees.find((t) => t.treeDir === treeDir && t.folder === undefined && def.docsVersionPath?.endsWith(t.def.docsVersionPath ?? '\0'))?.def
    const rootPath = original?.docsVersionPath ?? def.docsVersionPath
    const locales = translations.filter((t) => t.def.docsVersionPath?.endsWith(rootPath)).map((t) => ({ folder: t.folder ?? '', path: t.def.docsVersionPath ?? '' }))
    if (folder === undefined) {
      configs.set(def.name, read)
      warnings.push(...vitepressConfigWarnings(read, file, root, new Set(locales.map((l) => l.folder))))
      return { ...def, vitepress: { srcDir, exclude, rewrites, leftOut: read.leftOut, cleanUrls, base, locales, rootPath } }
    }
    const locale = read.locales.find((l) => l.folder === folder)
    // The locale's own sidebar and nav; without one, the files decide (never the root locale's, whose pages are not this locale's).
    const { sidebar: _, ...tree } = read
    configs.set(def.name, { ...tree, leftOut: [], nav: locale?.nav ?? [], ...(locale?.sidebar ? { sidebar: locale.sidebar } : {}) })
    return {
      ...def,
      dir: treeDir,
      ...(original?.imported ? { imported: true } : {}),
      vitepress: { srcDir, exclude, rewrites, leftOut: [], only: folder, cleanUrls, base, locales, rootPath },
    }
  })
  return { defs, configs, warnings }
}

/** How far above a locale's folder its tree's `.vitepress` may be (the folder, then `srcDir`). */
const LOCALE_DEPTH = 3

/** A docs collection's tree: its own folder when it has a `.vitepress`, else the tree above whose locale folder it is. */
async function treeOf(def: CollectionDefinition, root: string, readTree: (treeDir: string) => Promise<ConfigRead>): Promise<TreeOf> {
  if (!def.docsVersionPath) return { def }
  const dir = resolve(root, def.dir)
  if (existsSync(join(dir, '.vitepress'))) return { def, treeDir: dir, read: await readTree(dir) }
  for (let up = dirname(dir), depth = 0; depth < LOCALE_DEPTH && up !== dirname(up); up = dirname(up), depth++) {
    if (!existsSync(join(up, '.vitepress'))) continue
    const read = await readTree(up)
    if (!read || 'error' in read) return { def }
    const folder = relative(join(up, read.srcDir), dir).split(sep).join('/')
    return read.locales.slice(1).some((l) => l.folder === folder) ? { def, treeDir: up, read, folder } : { def }
  }
  return { def }
}

/** What was stood in for, which locales no collection reads, which additional configs were skipped: one line each. */
function vitepressConfigWarnings(read: VitepressConfig, file: string, root: string, built: ReadonlySet<string>): ContentIssue[] {
  const warnings: ContentIssue[] = []
  if (read.standIns.length) {
    warnings.push({
      file,
      message: `the config's imports of ${read.standIns.join(', ')} were stood in for (packages are not loaded here): settings that come from them are not read`,
    })
  }
  const others = read.locales.filter((l) => l.key !== 'root' && !built.has(l.folder))
  if (others.length) {
    const names = others.map((l) => (l.label ? `${l.key} (${l.label})` : l.key)).join(', ')
    warnings.push({
      file,
      message: `locales ${names} are left out of this build, their folders' pages and sidebars with them: the site's locales do not translate this version from their folders`,
    })
  }
  for (const skipped of read.skipped)
    warnings.push({ file: displayPath(root, skipped.file), message: `this additional config could not be read (${skipped.error}): VitePress skips it too` })
  return warnings
}

/** A VitePress tree's sidebar, from its config when it has one (else the files decide, as for any tree). */
export function vitepressSidebars(
  grouped: readonly CollectionEntries[],
  configs: ReadonlyMap<string, VitepressConfig>,
  docsVersionPaths: string[],
  warnings: ContentIssue[],
  root: string,
) {
  const sidebars = new Map<string, NavItem[]>()
  for (const { def, entries } of grouped) {
    const read = configs.get(def.name)
    if (!read?.sidebar || !def.navigation || !def.docsVersionPath) continue
    const pages = new Map(entries.map(({ row }) => [String(row.path), String(row.title)]))
    const link = {
      fileDir: '',
      prefix: def.prefix,
      docsVersionPath: def.docsVersionPath,
      docsVersionPaths,
      vitepress: true,
      base: read.base,
      ...(def.vitepress ? { locales: def.vitepress.locales, rootPath: def.vitepress.rootPath } : {}),
    }
    const { navigation, missing } = sidebarNavigation({ sidebar: read.sidebar, nav: read.nav, leftOut: read.leftOut }, link, pages)
    const file = displayPath(root, read.file)
    for (const target of missing) warnings.push({ file, message: `sidebar link "${target}" is not a page of the tree: left out of the sidebar` })
    if (navigation.length) sidebars.set(def.name, navigation)
  }
  return sidebars
}

/** A path as messages show it: relative to the project when inside it, else as it is. */
function displayPath(root: string, abs: string): string {
  const rel = relative(root, abs)
  return (rel.startsWith('..') || isAbsolute(rel) ? abs : rel).split(sep).join('/')
}
