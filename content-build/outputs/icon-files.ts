import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { ICON_SETS, type IconFile, ICONS_BASE } from '../../src/contract/icon-sets'
import { iconSetSync, resolveIcon } from '../icons'
import { hash } from './checksum'

/** `i-lucide-rocket`, `i-simple-icons-github`: an icon name as the app, content and the site config write it (longest set first). */
const ICON_NAME = new RegExp(
  `\\bi-(${[...ICON_SETS]
    .sort((a, b) => b.length - a.length)
    .map((s) => s.replace(/-/g, '\\-'))
    .join('|')})-([a-z0-9]+(?:-[a-z0-9]+)*)`,
  'g',
)

/** Every icon name in these texts, by set. */
export function iconNamesIn(texts: Iterable<string>): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>()
  for (const text of texts) {
    for (const [, prefix = '', name = ''] of text.matchAll(ICON_NAME)) {
      let names = found.get(prefix)
      if (!names) found.set(prefix, (names = new Set()))
      names.add(name)
    }
  }
  return found
}

/**
 * Writes the icons the site can draw as static files, one per set, named by their
 * content (`_icons/lucide.<hash>.json`): every icon named in `texts` (the app's code,
 * the content, the site config) that its set has. A name that is no icon (a word in a
 * docs page that looks like one) is left out. Returns each set's file as a site path,
 * for the content manifest; the folder holds this build's files only.
 */
export async function writeIconFiles(outDir: string, texts: Iterable<string>): Promise<Record<string, string>> {
  const dir = join(outDir, ...ICONS_BASE.split('/').filter(Boolean))
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  const files: Record<string, string> = {}
  for (const [prefix, names] of [...iconNamesIn(texts)].sort(([a], [b]) => a.localeCompare(b))) {
    const set = iconSetSync(prefix)
    const file: IconFile = { prefix, width: set.width ?? 16, height: set.height ?? 16, icons: {} }
    for (const name of [...names].sort()) {
      const icon = resolveIcon(set, name)
      if (icon) file.icons[name] = icon
    }
    if (!Object.keys(file.icons).length) continue
    const text = JSON.stringify(file)
    const name = `${prefix}.${hash(text)}.json`
    await writeFile(join(dir, name), text)
    files[prefix] = `${ICONS_BASE}${name}`
  }
  return files
}

/** The text of every script of an app build (`_app/**.js`), or of the app's sources (`.ts`, `.tsx`, tests aside) where there is no build: where its icon names are. */
export async function appTexts(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  const files = entries.filter((f) => f.isFile() && /\.(js|mjs|tsx?)$/.test(f.name) && !/\.test\.tsx?$/.test(f.name)).map((f) => join(f.parentPath, f.name))
  return Promise.all(files.map((file) => readFile(file, 'utf8')))
}
