import { mkdir, readdir, rm, rmdir, writeFile } from 'node:fs/promises'
import { dirname, join, sep } from 'node:path'

import { withBase } from '../../src/contract/base'
import { pageMarkdown, rawPath } from '../../src/contract/content/raw-markdown'
import type { SiteConfig } from '../../src/contract/site-schema'
import type { Row } from '../collections/entry'
import { makeDirs, mapLimit } from '../workers/concurrency'

interface DocsPages {
  label: string
  tag: string
  /** The code of the locale it is written in (site.config `locales`). */
  locale: string
  rows: readonly Row[]
}

/**
 * For AI tools and anyone who wants plain text (llmstxt.org): `/llms.txt` lists every
 * docs page with its description and a link to its Markdown; `/llms-full.txt` holds
 * the whole default version's docs in one file; `/raw/<path>.md` is each page. Each
 * other locale has its own pair (`/es/llms.txt`, `/es/llms-full.txt`) of its
 * translations, which the default's `llms.txt` names.
 * With `previous` (the raw files the last build in this process wrote, by file), only
 * the pages whose Markdown changed are written and only those gone are removed.
 * Returns the raw files written this time, by file.
 */
export async function writeLlmsFiles(outDir: string, versions: readonly DocsPages[], config: SiteConfig, previous?: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  // What is there now: rewritten in place, and only what is gone removed (removing the
  // whole folder first cost a large site a second of file system calls).
  const existing = previous ? [...previous.keys()] : await filesIn(join(outDir, 'raw'))
  const url = (path: string) => new URL(withBase(config.base, path), config.brand.url).href
  const raw = new Map(versions.flatMap(({ rows }) => rows.map((row) => [join(outDir, rawPath(String(row.path))), pageMarkdown(row)] as const)))
  const changed = [...raw].filter(([file, text]) => previous?.get(file) !== text)
  await makeDirs(changed.map(([file]) => dirname(file)))
  await mapLimit(changed, 16, ([file, text]) => writeFile(file, text))
  const gone = existing.filter((file) => !raw.has(file))
  await mapLimit(gone, 16, (file) => rm(file, { force: true }))
  await removeEmptyFolders(
    gone.map((file) => dirname(file)),
    join(outDir, 'raw'),
  )

  const [first, ...others] = config.locales
  for (const locale of [first, ...others.filter((l) => versions.some((v) => v.locale === l.code && v.rows.length))]) {
    if (!locale) continue
    const own = versions.filter((v) => v.locale === locale.code)
    const prefix = locale === first ? '' : `/${locale.code}`
    const translations = locale === first ? others.filter((l) => versions.some((v) => v.locale === l.code && v.rows.length)) : []
    await mkdir(join(outDir, prefix), { recursive: true })
    await writeFile(join(outDir, prefix, 'llms.txt'), llmsIndex(own, translations, config, url))
    await writeFile(join(outDir, prefix, 'llms-full.txt'), llmsFull(own[0], config, url))
  }
  return raw
}

type Url = (path: string) => string

/** llms.txt: every page of `versions` with its description and its Markdown's URL, then the other languages' own files. */
function llmsIndex(versions: readonly DocsPages[], translations: SiteConfig['locales'], config: SiteConfig, url: Url): string {
  const index = [`# ${config.brand.name}`, '', `> ${config.brand.description}`, '']
  for (const { label, tag, rows } of versions) {
    index.push(`## ${label} (${tag})`, '')
    for (const row of rows) {
      const description = typeof row.description === 'string' && row.description ? `: ${row.description}` : ''
      index.push(`- [${String(row.title ?? row.path)}](${url(rawPath(String(row.path)))})${description}`)
    }
    index.push('')
  }
  if (translations.length) {
    index.push('## Other languages', '')
    for (const locale of translations) index.push(`- [${locale.label}](${url(`/${locale.code}/llms.txt`)}): the docs translated into ${locale.lang}`)
    index.push('')
  }
  return index.join('\n')
}

/** llms-full.txt: the whole of one version's docs in one file. */
function llmsFull(current: DocsPages | undefined, config: SiteConfig, url: Url): string {
  const full = [`# ${config.brand.name} documentation${current ? ` (${current.label}, ${current.tag})` : ''}`, '', `> ${config.brand.description}`, '']
  for (const row of current?.rows ?? []) full.push(`Source: ${url(String(row.path))}`, '', pageMarkdown(row), '---', '')
  return full.join('\n')
}

/** Every file under `dir`, by absolute path (none when it does not exist). */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

/** The folders of removed files, and their parents up to `root`, when nothing is left in them (deepest first). */
async function removeEmptyFolders(dirs: readonly string[], root: string) {
  const candidates = new Set<string>()
  for (let dir of dirs) {
    while (dir.startsWith(`${root}${sep}`) && !candidates.has(dir)) {
      candidates.add(dir)
      dir = dirname(dir)
    }
  }
  const deepestFirst = [...candidates].sort((a, b) => b.length - a.length)
  // rmdir fails on a folder that still holds something: it stays.
  for (const dir of deepestFirst) await rmdir(dir).catch(() => {})
}
