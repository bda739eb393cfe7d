import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import type { Plugin } from 'esbuild'
import { z } from 'zod'

import type { NavItem } from '../../src/contract/content/build-output'
import { isExternal, type LinkContext, resolveLink } from '../markdown/links'

const CONFIG_FILES = ['config.mts', 'config.ts', 'config.mjs', 'config.js']

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

/**
 * Everything the config imports besides Node's own modules and its own files is stood
 * in for: `vitepress`'s `defineConfig` returns the config as given; any other package
 * (a theme, a Markdown plugin) is an inert object, since only the sidebar is read.
 */
const standIns: Plugin = {
  name: 'vitepress-config-stand-ins',
  setup(build) {
    const builtins = new Set(builtinModules)
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.replace(/^node:/, '')
      if (builtins.has(name) || builtins.has(name.split('/')[0] ?? '')) return { path: args.path, external: true }
      return { path: args.path, namespace: 'stand-in' }
    })
    build.onLoad({ filter: /.*/, namespace: 'stand-in' }, (args) =>
      args.path === 'vitepress'
        ? { contents: 'export const defineConfig = (c) => c; export const defineConfigWithTheme = (c) => c; export default {}', loader: 'js' }
        : {
            // Any import of it, called, constructed or read, is the same inert object.
            contents:
              'const inert = new Proxy(function () {}, { get: (_, key) => (key === "__esModule" ? false : key === Symbol.toPrimitive ? () => "" : inert), apply: () => inert, construct: () => inert }); module.exports = inert',
            loader: 'js',
          },
    )
  },
}

export interface VitepressSidebar {
  sidebar: z.output<typeof sidebarSchema>
  file: string
}

/**
 * The sidebar of a VitePress tree, from its `.vitepress/config.{mts,ts,mjs,js}` loaded
 * at build time (bundled with esbuild, packages stood in for). Undefined when the tree
 * has no config or the config has no sidebar; an error message when it cannot be read.
 */
export async function readVitepressSidebar(docsDir: string, cacheDir: string): Promise<VitepressSidebar | { error: string; file: string } | undefined> {
  const configDir = join(docsDir, '.vitepress')
  const name = CONFIG_FILES.find((f) => existsSync(join(configDir, f)))
  if (!name) return undefined
  const file = join(configDir, name)
  const out = resolve(cacheDir, `vitepress-config-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`)
  try {
    // Loaded here: only a VitePress tree needs it (and it refuses to load in jsdom, where component tests build content).
    const { build } = await import('esbuild')
    const result = await build({ entryPoints: [file], bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'silent', plugins: [standIns] })
    await mkdir(cacheDir, { recursive: true })
    await writeFile(out, result.outputFiles[0]?.text ?? '')
    const loaded: unknown = (await import(pathToFileURL(out).href)).default
    const config = typeof loaded === 'function' ? await (loaded as () => unknown)() : await loaded
    const raw = (config as { themeConfig?: { sidebar?: unknown } } | undefined)?.themeConfig?.sidebar
    if (raw === undefined) return undefined
    const parsed = sidebarSchema.safeParse(raw)
    if (!parsed.success) return { file, error: `themeConfig.sidebar is not a VitePress sidebar (${parsed.error.issues[0]?.message ?? 'unknown shape'})` }
    return { sidebar: parsed.data, file }
  } catch (error) {
    return { file, error: error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error) }
  } finally {
    await rm(out, { force: true })
  }
}

/**
 * A VitePress sidebar as this site's navigation tree: groups become folders (titled by
 * their text, collapsed when VitePress collapses them), links become pages, resolved
 * into the version like links in the tree's Markdown. Links to pages the tree does not
 * have are left out and reported.
 */
export function sidebarNavigation(sidebar: VitepressSidebar['sidebar'], link: LinkContext, pages: ReadonlyMap<string, string>): { navigation: NavItem[]; missing: string[] } {
  const missing: string[] = []
  const lists = Array.isArray(sidebar) ? [{ items: sidebar }] : Object.values(sidebar).map((list) => (Array.isArray(list) ? { items: list } : list))
  // A `base` prefixes the links below it that do not start with a slash (VitePress' own rule).
  const convert = (items: readonly SidebarItem[], base = ''): NavItem[] =>
    items.flatMap((item): NavItem[] => {
      const target = item.link && base && !item.link.startsWith('/') && !isExternal(item.link) ? base + item.link : item.link
      const path = target ? resolveLink(target, link).replace(/#.*$/, '') : undefined
      if (item.items?.length) {
        const children = convert(item.items, typeof item.base === 'string' ? item.base : base)
        if (!children.length) return []
        // A group is a folder at the longest path its pages share (which opens it when reading one).
        const folder = path ?? commonPath(children)
        const title = item.text ?? pages.get(folder) ?? ''
        const own = path && pages.has(path) && !children.some((c) => c.path === path) ? [{ title: pages.get(path) ?? title, path }] : []
        return [{ title, path: folder, ...(item.collapsed === undefined ? {} : { defaultOpen: !item.collapsed }), children: [...own, ...children] }]
      }
      if (!path) return []
      if (isExternal(path)) return [{ title: item.text ?? path, path, target: '_blank' }]
      if (!pages.has(path)) {
        missing.push(target ?? path)
        return []
      }
      return [{ title: item.text ?? pages.get(path) ?? path, path }]
    })
  return { navigation: lists.flatMap((list) => convert(list.items, typeof list.base === 'string' ? list.base : '')), missing }
}

/** The deepest folder holding every item: `/docs/4.x/guide` for `/docs/4.x/guide/a` and `/docs/4.x/guide/b/c`. */
function commonPath(items: readonly NavItem[]): string {
  const folders = items.map((item) => (item.children ? item.path : item.path.replace(/\/[^/]*$/, '')))
  let common = folders[0]?.split('/') ?? []
  for (const path of folders.slice(1)) {
    const parts = path.split('/')
    let i = 0
    while (i < common.length && common[i] === parts[i]) i++
    common = common.slice(0, i)
  }
  return common.join('/') || '/'
}
