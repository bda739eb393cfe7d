import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

/** The icon sets the site may use, by Iconify prefix: `i-lucide-rocket`, `i-simple-icons-github`. */
export const ICON_SETS = ['lucide', 'simple-icons'] as const
/** At most this many icons per request. */
export const MAX_ICONS_PER_REQUEST = 200

interface IconSet {
  prefix: string
  width?: number
  height?: number
  icons: Record<string, { body: string; width?: number; height?: number }>
  aliases?: Record<string, { parent: string }>
}

const require = createRequire(import.meta.url)
const sets = new Map<string, Promise<IconSet>>()

function load(prefix: string): Promise<IconSet> {
  let set = sets.get(prefix)
  if (!set) {
    set = readFile(require.resolve(`@iconify-json/${prefix}/icons.json`), 'utf8').then((text) => JSON.parse(text) as IconSet)
    sets.set(prefix, set)
  }
  return set
}

export interface IconsReply {
  prefix: string
  width: number
  height: number
  icons: Record<string, { body: string; width?: number; height?: number }>
  not_found?: string[]
}

/** The requested icons of one set (aliases resolved), in Iconify's JSON shape. */
export async function iconData(prefix: string, names: readonly string[]): Promise<IconsReply | undefined> {
  if (!(ICON_SETS as readonly string[]).includes(prefix)) return undefined
  const set = await load(prefix)
  const reply: IconsReply = { prefix, width: set.width ?? 16, height: set.height ?? 16, icons: {} }
  const missing: string[] = []
  for (const name of names) {
    const own = Object.hasOwn(set.icons, name) ? set.icons[name] : undefined
    const alias = !own && set.aliases && Object.hasOwn(set.aliases, name) ? set.aliases[name] : undefined
    const icon = own ?? (alias && Object.hasOwn(set.icons, alias.parent) ? set.icons[alias.parent] : undefined)
    if (icon) reply.icons[name] = icon
    else missing.push(name)
  }
  if (missing.length) reply.not_found = missing
  return reply
}
