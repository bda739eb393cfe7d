import { readdir } from 'node:fs/promises'
import { isAbsolute, join, posix, relative, resolve, sep } from 'node:path'

import { isCovered } from '../../src/contract/sections'
import type { ContentIssue } from '../errors'
import { compareContentFiles, pathFromFile } from '../formats/paths'
import { placeSourceFile } from '../formats/vitepress-paths'
import type { CollectionDefinition } from './definitions'
import type { SourceFile } from './entry'

export interface Discovered {
  files: SourceFile[]
  /** `.navigation.yml` files, keyed by folder (relative to the collection, '' at the root). */
  folders: Map<string, SourceFile>
}

/**
 * Lists a collection's source files in content order. Dot-files and dot-folders are
 * skipped except `.navigation.yml`; files of other types (images, JSON) in a docs tree
 * are ignored, as Nuxt Content-style trees often carry them.
 *
 * A VitePress tree's files are read from its `srcDir`, without its `srcExclude` and the
 * locale folders left out, and each takes the path its `rewrites` give it as its `rel`
 * (which decides its URL and how its relative links resolve, as VitePress documents),
 * while `abs` and `display` stay the real file, so messages name the file as it is.
 *
 * A file whose page would belong to a switched-off section (`def.leaveOut`) is left
 * out. A missing folder is an error that says what to do: create it, or (as
 * `def.withoutFolder` says) do without it.
 */
export async function discover(def: CollectionDefinition, root: string): Promise<Discovered | ContentIssue> {
  const treeDir = isAbsolute(def.dir) ? def.dir : resolve(root, def.dir)
  const dir = def.vitepress ? resolve(treeDir, def.vitepress.srcDir) : treeDir
  const place = def.vitepress ? placeSourceFile(def.vitepress) : (rel: string) => rel
  const files: SourceFile[] = []
  const folders = new Map<string, SourceFile>()
  const display = (abs: string) => {
    const rel = relative(root, abs)
    return (rel.startsWith('..') ? abs : rel).split(sep).join('/')
  }

  const leftOut = (rel: string) => def.type === 'page' && def.leaveOut !== undefined && isCovered(def.leaveOut, pathFromFile(rel, def.prefix))

  const walk = async (abs: string, rel: string): Promise<void> => {
    const entries = await readdir(abs, { withFileTypes: true })
    for (const entry of entries) {
      const childAbs = join(abs, entry.name)
      const childRel = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.name === '.navigation.yml' || entry.name === '.navigation.yaml') {
        folders.set(rel, { abs: childAbs, rel: childRel, display: display(childAbs) })
        continue
      }
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      if (entry.isDirectory()) await walk(childAbs, childRel)
      else if (entry.isFile() && hasExtension(entry.name, def.extensions)) {
        const placed = place(childRel)
        if (placed !== undefined && !leftOut(placed))
          files.push({ abs: childAbs, rel: placed, ...(placed === childRel ? {} : { sourceRel: childRel }), display: display(childAbs) })
      }
    }
  }

  try {
    await walk(dir, '')
  } catch (error) {
    if (isMissing(error)) {
      const folder = display(dir)
      return { file: folder, message: `the folder is missing: create ${folder}${def.withoutFolder ? ` or ${def.withoutFolder}` : ''}` }
    }
    throw error
  }
  // A README is its folder's page where the folder has no index (GitHub-style trees).
  const withIndex = new Set(files.filter((f) => /^index\.md$/i.test(posix.basename(f.rel))).map((f) => posix.dirname(f.rel)))
  for (const file of files) if (/^readme\.md$/i.test(posix.basename(file.rel)) && !withIndex.has(posix.dirname(file.rel))) file.folderPage = true
  files.sort((a, b) => compareContentFiles(a.rel, b.rel))
  return { files, folders }
}

function hasExtension(name: string, extensions: readonly string[]): boolean {
  const lower = name.toLowerCase()
  return extensions.some((ext) => lower.endsWith(`.${ext}`) || (ext === 'yml' && lower.endsWith('.yaml')))
}

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')
}
