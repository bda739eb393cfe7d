import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join, posix, sep } from 'node:path'

import { z } from 'zod'

import type { UiString } from '../../src/contract/ui-strings'
import { loadConfigModule } from './vitepress-load'
import { excludedBy, type VitepressPlacement } from './vitepress-paths'

/** Where VitePress looks for its config, in its order (`.vitepress/config.ts`, or `.vitepress/config/index.ts`). */
const CONFIG_FILES = ['mts', 'ts', 'mjs', 'js'].flatMap((ext) => [`config.${ext}`, `config/index.${ext}`])
/** VitePress 2's additional configs: `config.{js,mjs,ts,mts}` anywhere in the source folder. */
const ADDITIONAL_CONFIG = /^config\.m?[jt]s$/

/** A VitePress sidebar item: a page link, or a group of items (`collapsed` set makes it collapsible). */
export interface SidebarItem {
  text?: string
  link?: string
  items?: SidebarItem[]
  collapsed?: boolean
  base?: string
}

const itemSchema: z.ZodType<SidebarItem> = z.lazy(() =>
  z.looseObject({
    text: z.string().optional(),
    link: z.string().optional(),
    items: z.array(itemSchema).optional(),
    collapsed: z.boolean().optional(),
    base: z.string().optional(),
  }),
)
/** `themeConfig.sidebar`: one list, or lists by path (`{ '/guide/': […], '/api/': […] }`), or `{ base, items }` groups. */
const sidebarSchema = z.union([
  z.array(itemSchema),
  z.record(z.string(), z.union([z.array(itemSchema), z.looseObject({ base: z.string().optional(), items: z.array(itemSchema) })])),
])
export type Sidebar = z.output<typeof sidebarSchema>

/** A `themeConfig.nav` item: a link (with the paths it is active on), or a menu of them. */
export interface NavLink {
  text?: string
  link?: string
  activeMatch?: string
  items?: NavLink[]
}
const navSchema: z.ZodType<NavLink> = z.lazy(() =>
  z.looseObject({ text: z.string().optional(), link: z.string().optional(), activeMatch: z.string().optional(), items: z.array(navSchema).optional() }),
)

const themeConfigSchema = z.looseObject({ sidebar: z.unknown().optional(), nav: z.unknown().optional() })
const localeSchema = z.looseObject({
  label: z.string().optional(),
  lang: z.string().optional(),
  dir: z.string().optional(),
  link: z.string().optional(),
  themeConfig: themeConfigSchema.optional(),
})
const rewriteFunction = z.custom<(id: string) => unknown>((value) => typeof value === 'function')
/** The part of a VitePress site config this build reads; the rest (Vite, Markdown plugins, head…) is the site's own. */
const siteConfigSchema = z.looseObject({
  srcDir: z.string().optional(),
  srcExclude: z.array(z.string()).optional(),
  rewrites: z.union([z.record(z.string(), z.string()), rewriteFunction]).optional(),
  cleanUrls: z.boolean().optional(),
  base: z.string().optional(),
  locales: z.record(z.string(), localeSchema).optional(),
  themeConfig: themeConfigSchema.optional(),
})
type SiteConfig = z.output<typeof siteConfigSchema>

/** A locale of the site: `root` (folder '') and one per `locales` key (its folder, after rewrites, is the key). */
export interface VitepressLocale {
  key: string
  label?: string
  lang?: string
  dir?: 'ltr' | 'rtl'
  folder: string
  /** Its own sidebar and nav (its `locales` entry's theme, then its folder's additional config). */
  sidebar?: Sidebar
  nav?: NavLink[]
  /** The interface's words its theme gives (`docFooter.prev`, `outline.label`…), as this site names them. */
  ui: Partial<Record<UiString, string>>
}

export interface VitepressConfig extends VitepressPlacement {
  /** The config file read (absolute). */
  file: string
  /** The folder pages are read from, relative to the tree ('' for the tree itself). */
  srcDir: string
  cleanUrls: boolean
  /** `base` with a slash at both ends (`/`, `/docs/`). */
  base: string
  locales: VitepressLocale[]
  /** The root locale's sidebar and nav (the config's own, then its locale's, then the additional config at the source root). */
  sidebar?: Sidebar
  nav: NavLink[]
  /** Packages the config imports that were stood in for (see vitepress-load.ts). */
  standIns: string[]
  /** Additional config files that could not be read (VitePress skips those too), and why. */
  skipped: { file: string; error: string }[]
}

/**
 * A VitePress tree's config as VitePress reads it: `.vitepress/config.*` (its default
 * export, called when it is a function, `extends` merged in), then VitePress 2's
 * additional configs (`config.*` at the source root and in locale folders), whose
 * settings apply to the pages below them. Undefined when the tree has no config; an
 * error message when it cannot be read.
 */
export async function readVitepressConfig(treeDir: string, cacheDir: string): Promise<VitepressConfig | { error: string; file: string } | undefined> {
  const name = CONFIG_FILES.find((f) => existsSync(join(treeDir, '.vitepress', f)))
  if (!name) return undefined
  const file = join(treeDir, '.vitepress', name)
  let site: SiteConfig
  const standIns = new Set<string>()
  try {
    const loaded = await loadConfigModule(file, cacheDir)
    for (const standIn of loaded.standIns) standIns.add(standIn)
    const parsed = siteConfigSchema.safeParse(await withExtends(loaded.value))
    if (!parsed.success) return { file, error: describe(parsed.error) }
    site = parsed.data
  } catch (error) {
    return { file, error: firstLine(error) }
  }
  const srcDir = posix.normalize((site.srcDir ?? '.').split(sep).join('/')).replace(/^\.\/?$|\/+$/g, '')
  const exclude = site.srcExclude ?? []
  const additional = await readAdditionalConfigs(join(treeDir, srcDir), exclude, cacheDir)
  for (const { standIns: names } of additional.read) for (const standIn of names) standIns.add(standIn)

  const rootAdditional = additional.read.find((a) => a.folder === '')
  const locales: VitepressLocale[] = [{ key: 'root', folder: '', ui: {} }]
  for (const [key, locale] of Object.entries(site.locales ?? {})) {
    const dir = locale.dir === 'rtl' ? 'rtl' : locale.dir === 'ltr' ? 'ltr' : undefined
    const own: Omit<VitepressLocale, 'key' | 'folder' | 'ui'> = {
      ...(locale.label ? { label: locale.label } : {}),
      ...(locale.lang ? { lang: locale.lang } : {}),
      ...(dir ? { dir } : {}),
    }
    if (key === 'root') locales[0] = { key, folder: '', ...own, ui: {} }
    else if (!/^[a-z][a-z0-9+.-]*:/i.test(key)) {
      const folder = key.replace(/^\/+|\/+$/g, '')
      const theme = { ...site.themeConfig, ...rootAdditional?.themeConfig, ...locale.themeConfig, ...additional.read.find((a) => a.folder === folder)?.themeConfig }
      const sidebar = sidebarSchema.safeParse(theme.sidebar)
      const nav = z.array(navSchema).safeParse(theme.nav)
      locales.push({ key, folder, ...own, ui: themeWords(theme), ...(sidebar.success ? { sidebar: sidebar.data } : {}), ...(nav.success ? { nav: nav.data } : {}) })
    }
  }
  // The root locale's theme: the site's, its `locales.root`'s, then the additional config at the source root.
  const theme = { ...site.themeConfig, ...site.locales?.root?.themeConfig, ...rootAdditional?.themeConfig }
  const sidebar = theme.sidebar === undefined ? undefined : sidebarSchema.safeParse(theme.sidebar)
  if (sidebar && !sidebar.success) return { file: rootAdditional?.file ?? file, error: `themeConfig.sidebar is not a VitePress sidebar (${describe(sidebar.error)})` }
  const nav = z.array(navSchema).safeParse(theme.nav ?? [])

  let rewrites: [string, string][] = Object.entries(typeof site.rewrites === 'object' ? site.rewrites : {})
  if (typeof site.rewrites === 'function') rewrites = await rewritesOf(site.rewrites, join(treeDir, srcDir), exclude)
  return {
    file,
    srcDir,
    exclude,
    rewrites,
    leftOut: locales.slice(1).map((l) => l.folder),
    cleanUrls: site.cleanUrls === true,
    base: `/${(site.base ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/'),
    locales,
    ...(sidebar ? { sidebar: sidebar.data } : {}),
    nav: nav.success ? nav.data : [],
    standIns: [...standIns].sort(),
    skipped: additional.skipped,
  }
}

/**
 * Where VitePress's default theme takes the words this site's interface shows too, in
 * VitePress 2's names and VitePress 1's (`outlineTitle`, `lastUpdatedText`), so a tree's
 * translated theme speaks its language here without being written again.
 */
const THEME_WORDS: [UiString, ...(readonly string[])[]][] = [
  ['onThisPage', ['outline', 'label'], ['outlineTitle']],
  ['previous', ['docFooter', 'prev']],
  ['next', ['docFooter', 'next']],
  ['editPage', ['editLink', 'text']],
  ['lastUpdated', ['lastUpdated', 'text'], ['lastUpdatedText']],
  ['language', ['langMenuLabel']],
  ['documentationMenu', ['sidebarMenuLabel']],
  ['searchPlaceholder', ['search', 'options', 'translations', 'modal', 'searchBox', 'placeholderText'], ['search', 'options', 'placeholder']],
]

/** A locale theme's words for this site's interface: each found as a non-empty string at one of its places. */
export function themeWords(theme: Record<string, unknown>): Partial<Record<UiString, string>> {
  const words: Partial<Record<UiString, string>> = {}
  for (const [key, ...places] of THEME_WORDS) {
    for (const place of places) {
      let value: unknown = theme
      for (const step of place) value = isPlainObject(value) ? value[step] : undefined
      if (typeof value === 'string' && value.trim()) {
        words[key] = value.trim()
        break
      }
    }
  }
  return words
}

/** `extends` (another config, or a function giving one) merged under the config, as VitePress merges it. */
async function withExtends(config: unknown): Promise<unknown> {
  const resolved: unknown = typeof config === 'function' ? await config() : await config
  if (!isPlainObject(resolved) || resolved.extends === undefined) return resolved
  return merge(await withExtends(resolved.extends), resolved)
}

function merge(base: unknown, over: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = isPlainObject(base) ? { ...base } : {}
  for (const [key, value] of Object.entries(over)) {
    const existing = merged[key]
    if (value == null) continue
    if (Array.isArray(existing) && Array.isArray(value)) merged[key] = [...existing, ...value]
    else if (isPlainObject(existing) && isPlainObject(value)) merged[key] = merge(existing, value)
    else merged[key] = value
  }
  return merged
}

interface AdditionalConfig {
  file: string
  /** Its folder under the source folder ('' at the root): its settings apply to the pages below it. */
  folder: string
  themeConfig?: z.output<typeof themeConfigSchema>
  standIns: string[]
}

/** Every additional config of the source folder, read; one that cannot be read is skipped, as VitePress skips it. */
async function readAdditionalConfigs(srcDir: string, exclude: readonly string[], cacheDir: string) {
  const files = (await listFiles(srcDir, exclude)).filter((rel) => ADDITIONAL_CONFIG.test(posix.basename(rel)))
  const read: AdditionalConfig[] = []
  const skipped: { file: string; error: string }[] = []
  await Promise.all(
    files.map(async (rel) => {
      const file = join(srcDir, rel)
      try {
        const loaded = await loadConfigModule(file, cacheDir)
        const parsed = z.looseObject({ themeConfig: themeConfigSchema.optional() }).safeParse(loaded.value)
        if (!parsed.success) skipped.push({ file, error: describe(parsed.error) })
        else
          read.push({
            file,
            folder: posix.dirname(rel) === '.' ? '' : posix.dirname(rel),
            standIns: loaded.standIns,
            ...(parsed.data.themeConfig ? { themeConfig: parsed.data.themeConfig } : {}),
          })
      } catch (error) {
        skipped.push({ file, error: firstLine(error) })
      }
    }),
  )
  return { read: read.sort((a, b) => a.folder.localeCompare(b.folder)), skipped: skipped.sort((a, b) => a.file.localeCompare(b.file)) }
}

/**
 * `rewrites` as a function (`(id) => id.replace(…)`): VitePress calls it for each page,
 * so it is called here for each page of the tree, and its answers become literal pairs.
 */
async function rewritesOf(rewrite: (id: string) => unknown, srcDir: string, exclude: readonly string[]): Promise<[string, string][]> {
  const pages = (await listFiles(srcDir, exclude)).filter((rel) => rel.endsWith('.md'))
  const literal = (path: string) => path.replace(/[\\:(]/g, '\\$&')
  return pages.flatMap((page): [string, string][] => {
    const to = rewrite(page)
    return typeof to === 'string' && to !== page ? [[literal(page), literal(to.replace(/^\/+/, ''))]] : []
  })
}

/** Files below a folder (POSIX paths relative to it), as VitePress' file search lists them: no dot-folders, no node_modules, no `srcExclude`. */
async function listFiles(dir: string, exclude: readonly string[]): Promise<string[]> {
  const excluded = excludedBy(exclude)
  const files: string[] = []
  const walk = async (abs: string, rel: string): Promise<void> => {
    const entries = await readdir(abs, { withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.name.startsWith('.') || entry.name === 'node_modules' || excluded(childRel)) continue
      if (entry.isDirectory()) await walk(join(abs, entry.name), childRel)
      else if (entry.isFile()) files.push(childRel)
    }
  }
  await walk(dir, '')
  return files.sort()
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]'
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0]
  return issue ? `${issue.path.join('.') || 'the config'}: ${issue.message}` : 'unknown shape'
}

/** An error in one line: esbuild's first error with its file and line, else the message's first line. */
function firstLine(error: unknown): string {
  const failure = z.object({ errors: z.array(z.object({ text: z.string(), location: z.object({ file: z.string(), line: z.number() }).nullish() })).min(1) }).safeParse(error)
  const first = failure.success ? failure.data.errors[0] : undefined
  if (first) return first.location ? `${first.location.file}:${first.location.line}: ${first.text}` : first.text
  const message = error instanceof Error ? error.message : String(error)
  return message.split('\n')[0] ?? message
}
