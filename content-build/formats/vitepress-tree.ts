import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'

import type { CollectionDefinition } from '../collections/definitions'
import type { NavItem } from '../collections/navigation'
import type { CollectionEntries } from '../collections/site-rules'
import type { ContentIssue } from '../errors'
import { readVitepressConfig, type VitepressConfig } from './vitepress-config'
import { sidebarNavigation } from './vitepress-sidebar'

/**
 * Each VitePress tree's config, read once before its files are listed (its `srcDir`,
 * `srcExclude`, `rewrites` and locales decide which files are pages and where they go),
 * with what the build should say about it. A config that cannot be read leaves the tree
 * to VitePress' defaults.
 */
export async function readVitepressTrees(defined: CollectionDefinition[], root: string) {
  const configs = new Map<string, VitepressConfig>()
  const warnings: ContentIssue[] = []
  const defs = await Promise.all(
    defined.map(async (def): Promise<CollectionDefinition> => {
      const treeDir = resolve(root, def.dir)
      if (!def.docsVersionPath || !existsSync(join(treeDir, '.vitepress'))) return def
      const read = await readVitepressConfig(treeDir, tmpdir())
      const defaults = { srcDir: '', exclude: [], rewrites: [], leftOut: [], cleanUrls: false, base: '/' }
      if (!read) return { ...def, vitepress: defaults }
      const file = displayPath(root, read.file)
      if ('error' in read) {
        warnings.push({ file, message: `the VitePress config could not be read (${read.error}): the tree is built with VitePress' defaults and the sidebar follows the files` })
        return { ...def, vitepress: defaults }
      }
      configs.set(def.name, read)
      warnings.push(...vitepressConfigWarnings(read, file, root))
      const { srcDir, exclude, rewrites, leftOut, cleanUrls, base } = read
      return { ...def, vitepress: { srcDir, exclude, rewrites, leftOut, cleanUrls, base } }
    }),
  )
  return { defs, configs, warnings }
}

/** What was stood in for, which locales wait for a later build, which additional configs were skipped: one line each. */
function vitepressConfigWarnings(read: VitepressConfig, file: string, root: string): ContentIssue[] {
  const warnings: ContentIssue[] = []
  if (read.standIns.length) {
    warnings.push({
      file,
      message: `the config's imports of ${read.standIns.join(', ')} were stood in for (packages are not loaded here): settings that come from them are not read`,
    })
  }
  const others = read.locales.filter((l) => l.key !== 'root')
  if (others.length) {
    const names = others.map((l) => (l.label ? `${l.key} (${l.label})` : l.key)).join(', ')
    warnings.push({
      file,
      message: `locales ${names} are left out of this build, their folders' pages and sidebars with them: only the root locale is built until translations are supported`,
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
    const link = { fileDir: '', prefix: def.prefix, docsVersionPath: def.docsVersionPath, docsVersionPaths, vitepress: true, base: read.base }
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
