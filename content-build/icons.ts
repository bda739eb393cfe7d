import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

import type { IconsReply } from '../src/contract/api-schemas'
import { ICON_SETS } from '../src/contract/icon-sets'

export { ICON_SETS }

/** At most this many icons per request. */
export const MAX_ICONS_PER_REQUEST = 200

export interface IconSet {
  prefix: string
  width?: number
  height?: number
  icons: Record<string, { body: string; width?: number; height?: number }>
  aliases?: Record<string, { parent: string }>
}

const require = createRequire(import.meta.url)
const setFile = (prefix: string) => require.resolve(`@iconify-json/${prefix}/icons.json`)
const sets = new Map<string, Promise<IconSet>>()

function load(prefix: string): Promise<IconSet> {
  let set = sets.get(prefix)
  if (!set) {
    set = readFile(setFile(prefix), 'utf8').then((text) => JSON.parse(text) as IconSet)
    sets.set(prefix, set)
  }
  return set
}

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

export type { IconsReply }

/** The requested icons of one set (aliases resolved), in Iconify's JSON shape. */
export async function iconData(prefix: string, names: readonly string[]): Promise<IconsReply | undefined> {
  if (!(ICON_SETS as readonly string[]).includes(prefix)) return undefined
  const set = await load(prefix)
  const reply: IconsReply = { prefix, width: set.width ?? 16, height: set.height ?? 16, icons: {} }
  const missing: string[] = []
  for (const name of names) {
    const icon = resolveIcon(set, name)
    if (icon) reply.icons[name] = icon
    else missing.push(name)
  }
  if (missing.length) reply.not_found = missing
  return reply
}

/** An icon's SVG body and box from the installed sets, for HTML written at build time (the docs prerender). */
export function iconFromInstalledSets(prefix: string, name: string): { body: string; width: number; height: number } | undefined {
  if (!(ICON_SETS as readonly string[]).includes(prefix)) return undefined
  const set = iconSetSync(prefix)
  const icon = resolveIcon(set, name)
  return icon ? { body: icon.body, width: icon.width ?? set.width ?? 16, height: icon.height ?? set.height ?? 16 } : undefined
}
