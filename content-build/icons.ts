import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import { ICON_SETS } from '../src/contract/icon-sets'

export { ICON_SETS }

export interface IconSet {
  prefix: string
  width?: number
  height?: number
  icons: Record<string, { body: string; width?: number; height?: number }>
  aliases?: Record<string, { parent: string }>
}

const require = createRequire(import.meta.url)
const setFile = (prefix: string) => require.resolve(`@iconify-json/${prefix}/icons.json`)
const setsNow = new Map<string, IconSet>()

/** A set read synchronously, once (the build's prerender draws icons while it renders). */
export function iconSetSync(prefix: string): IconSet {
  let set = setsNow.get(prefix)
  if (!set) {
    set = JSON.parse(readFileSync(setFile(prefix), 'utf8')) as IconSet
    setsNow.set(prefix, set)
  }
  return set
}

/** An icon of a set by name, an alias resolved to its parent. */
export function resolveIcon(set: IconSet, name: string): IconSet['icons'][string] | undefined {
  if (Object.hasOwn(set.icons, name)) return set.icons[name]
  const alias = set.aliases && Object.hasOwn(set.aliases, name) ? set.aliases[name] : undefined
  return alias && Object.hasOwn(set.icons, alias.parent) ? set.icons[alias.parent] : undefined
}

/** An icon's SVG body and box from the installed sets, for HTML written at build time (the docs prerender). */
export function iconFromInstalledSets(prefix: string, name: string): { body: string; width: number; height: number } | undefined {
  if (!(ICON_SETS as readonly string[]).includes(prefix)) return undefined
  const set = iconSetSync(prefix)
  const icon = resolveIcon(set, name)
  return icon ? { body: icon.body, width: icon.width ?? set.width ?? 16, height: icon.height ?? set.height ?? 16 } : undefined
}
