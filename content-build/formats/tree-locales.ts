import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { docsEditions, versionNameOf } from '../../src/contract/locales'
import { localeSchema, RESERVED_PREFIXES, type SiteConfig } from '../../src/contract/site-schema'
import type { ContentIssue } from '../errors'
import { readVitepressConfig, type VitepressConfig } from './vitepress-config'

type Locale = SiteConfig['locales'][number]

/** A locale of a docs tree that the site does not read, and why. */
export interface SkippedTreeLocale {
  /** The config file that names it. */
  file: string
  key: string
  reason: string
}

/** A tree locale not read, as the build says it. */
export const treeLocaleWarning = ({ file, key, reason }: SkippedTreeLocale): ContentIssue => ({
  file,
  message: `locale "${key}" is not read as a locale of the site: ${reason}; its pages are left out`,
})

interface Options {
  /** The folder docs folders are relative to (the project root). */
  root: string
  /** Where `DOCS_V4_DIR`… are read (process.env). */
  env: Record<string, string | undefined>
}

/** Each tree's config, read once per process: the app's build, its prerender and the content build all ask. */
const reads = new Map<string, Promise<Awaited<ReturnType<typeof readVitepressConfig>>>>()

function readOnce(treeDir: string) {
  let read = reads.get(treeDir)
  if (!read) reads.set(treeDir, (read = readVitepressConfig(treeDir, tmpdir())))
  return read
}

/**
 * The site config with the locales of its docs trees: a VitePress tree's `locales`
 * (`es: { label: 'Español', lang: 'es' }`, each a folder of the tree) become the site's
 * locales, each translating the version the tree is, from its folder, with the words
 * its theme translates (`docFooter`, `outline`…) as its `ui`. A locale the config names
 * itself keeps what it says and gains only the folder and the words it does not give,
 * so a team can relabel a locale or reword it without repeating the tree's.
 *
 * Every part of the site that reads the config (the app's build, its prerender, the
 * content build, the dev server) reads it through this, so they agree on the locales.
 */
export async function withTreeLocales(config: SiteConfig, { root, env }: Options): Promise<{ config: SiteConfig; skipped: SkippedTreeLocale[] }> {
  const locales: Locale[] = config.locales.map((l) => ({ ...l, docs: { ...l.docs } }))
  const skipped: SkippedTreeLocale[] = []
  for (const version of config.docs.versions) {
    const name = versionNameOf(version.path)
    // A translation translates the folder its version is read from: with the version read
    // from elsewhere (DOCS_V4_DIR), the config's translation folders of it are not its
    // translations, unless their own variable (DOCS_V4_DIR_ES) points them elsewhere too.
    if (env[version.dirEnv]) {
      for (const edition of docsEditions({ docs: { ...config.docs, versions: [version] }, locales: config.locales }).slice(1)) {
        if (!env[edition.dirEnv]) delete locales.find((l) => l.code === edition.locale)?.docs[name]
      }
    }
    const treeDir = resolve(root, env[version.dirEnv] || version.dir)
    if (!existsSync(join(treeDir, '.vitepress'))) continue
    const read = await readOnce(treeDir)
    if (!read || 'error' in read) continue
    for (const treeLocale of read.locales.slice(1)) {
      const added = addTreeLocale(locales, treeLocale, name, join(treeDir, read.srcDir, treeLocale.folder))
      if (typeof added === 'string') skipped.push({ file: read.file, key: treeLocale.key, reason: added })
    }
  }
  // A locale left translating nothing is not offered (its folders translated docs no longer read).
  const kept = locales.filter((l, i) => i === 0 || Object.keys(l.docs).length > 0 || Object.keys(config.locales[i]?.docs ?? {}).length === 0)
  return { config: { ...config, locales: kept }, skipped }
}

/** Adds one tree locale (or its folder to the locale of that code); says why not when it cannot be a locale of the site. */
function addTreeLocale(locales: Locale[], treeLocale: VitepressConfig['locales'][number], version: string, folder: string): true | string {
  const code = treeLocale.key.toLowerCase()
  const existing = locales.find((l) => l.code === code)
  if (existing === locales[0]) return `its code "${code}" is the site's default locale`
  if (existing) {
    existing.docs[version] ??= folder
    existing.ui = { ...treeLocale.ui, ...existing.ui }
    return true
  }
  const parsed = localeSchema.safeParse({
    code,
    label: treeLocale.label ?? code,
    lang: treeLocale.lang ?? code,
    dir: treeLocale.dir ?? 'ltr',
    docs: { [version]: folder },
    ui: treeLocale.ui,
  })
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
  if (RESERVED_PREFIXES.includes(code)) return `its code "${code}" is a path of the site itself (/${code}/...)`
  locales.push(parsed.data)
  return true
}
