import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { posix, relative, resolve, sep } from 'node:path'

import { emptyBody, type PageBody } from '../../src/contract/content/body'
import { isRecord } from '../../src/contract/is-record'
import type { ContentIssue } from '../errors'
import { type ParsedYaml, parseMarkdownSource, parseYaml } from '../formats/front-matter'
import { pathFromFile, titleFromSegment, withoutExtension } from '../formats/paths'
import { MarkdownParseError, type MarkdownResult, processMarkdown } from '../markdown'
import { isExternal, type LinkContext, resolveLink, rootedLink } from '../markdown/links'
import type { LinkRef } from '../markdown/transform'
import type { SourceFiles } from '../markdown/vitepress'
import { type CollectionDefinition, markdownFields, pageFields, schemaOf } from './definitions'
import { fieldLinks } from './link-fields'
import type { SearchSection } from './sections'

/** One source file of a collection. */
export interface SourceFile {
  /** Absolute path on disk. */
  abs: string
  /** Path relative to the collection folder, POSIX separators: `1.guide/2.routing.md`. */
  rel: string
  /**
   * Where the file lies in its source folder, when a VitePress rewrite gave it another
   * `rel` (`en/guide/a.md` placed as `guide/a.md`): snippets and includes are read from there.
   */
  sourceRel?: string
  /** Path shown in messages, relative to the project root. */
  display: string
  /** A README.md in a folder without an index.md: the folder's page, as its index would be. */
  folderPage?: boolean
}

export type Row = Record<string, unknown> & { id: string; stem: string; position: number }

export interface EntryResult {
  row?: Row
  sections: SearchSection[]
  links: LinkRef[]
  /** Heading ids of the page, to check `#anchor` links against. */
  anchors: string[]
  warnings: ContentIssue[]
  errors: ContentIssue[]
  /**
   * The path a page would have had, when it failed: links to it are not reported broken
   * as well (its own errors are).
   */
  failedPath?: string
  /**
   * Other files the page's Markdown read (a VitePress page's `<<<` snippets and
   * `@include`s, absolute paths): the page changes when they do, as its cached
   * result must.
   */
  dependencies?: string[]
}

const pageKeys = new Set(Object.keys(pageFields))
/** Columns the build computes; front matter cannot set them. */
const reserved = new Set(['id', 'path', 'stem', 'extension', 'position', 'body', 'modifiedAt', 'meta'])

export interface EntryContext {
  docsVersionPaths: readonly string[]
  /** The site's own Markdown components (`content.components`): known, not warned about. */
  components: readonly string[]
}

/**
 * Reads one file and turns it into a row of its collection: front matter (or YAML)
 * validated against the collection schema, unknown keys moved to `meta`, Markdown
 * transformed, highlighted and split into search sections.
 */
export async function processEntry(def: CollectionDefinition, file: SourceFile, ctx: EntryContext, source?: string): Promise<EntryResult> {
  const failed = (errors: ContentIssue[]): EntryResult => ({
    ...emptyResult(),
    errors,
    ...(def.type === 'page' ? { failedPath: pathFromFile(file.rel, def.prefix, { folderPage: file.folderPage }) } : {}),
  })
  const text = source ?? (await readFile(file.abs, 'utf8'))
  const extension = posix.extname(file.rel).slice(1).toLowerCase()
  const parsed = extension === 'md' ? parseMarkdownSource(file.display, text) : wrapYaml(parseYaml(file.display, text))
  if ('message' in parsed) return failed([parsed])
  const checked = validate(def, file, parsed.yaml)
  if ('errors' in checked) return failed(checked.errors)
  const entry: ParsedEntry = { def, file, ctx, parsed, extension, ...checked, id: `${def.name}/${file.rel}`, stem: withoutExtension(file.rel) }
  return def.type === 'data' ? processData(entry) : processPage(entry, failed)
}

/** A source file read and checked against its collection's schema, on its way to a row. */
interface ParsedEntry {
  def: CollectionDefinition
  file: SourceFile
  ctx: EntryContext
  parsed: { yaml: ParsedYaml; body: string; bodyLine: number }
  extension: string
  /** The schema's fields, as it parsed them. */
  fields: Record<string, unknown>
  /** Front matter the schema does not name, kept as it is. */
  meta: Record<string, unknown>
  id: string
  stem: string
}

const emptyResult = (): EntryResult => ({ sections: [], links: [], anchors: [], warnings: [], errors: [] })

/** The front matter against the collection's schema: its fields and the rest (`meta`), or the errors with their lines. */
function validate(def: CollectionDefinition, file: SourceFile, yaml: ParsedYaml): { fields: Record<string, unknown>; meta: Record<string, unknown> } | { errors: ContentIssue[] } {
  const schema = schemaOf(def)
  const result = schema.safeParse(yaml.data)
  if (!result.success) return { errors: result.error.issues.map((issue) => schemaIssue(file.display, yaml, issue)) }
  const known = new Set(Object.keys(schema.shape))
  const meta = Object.fromEntries(Object.entries(yaml.data).filter(([key]) => !known.has(key)))
  const reservedUsed = Object.keys(meta).filter((key) => reserved.has(key))
  if (reservedUsed.length) {
    return {
      errors: reservedUsed.map((key) => ({ file: file.display, line: yaml.lineOf([key]), field: key, message: `"${key}" is computed by the build and cannot be set in content` })),
    }
  }
  return { fields: result.data, meta }
}

/** A data entry (a module, a team member…): its fields, with the Markdown ones (a module's README) parsed to bodies. */
async function processData({ def, file, ctx, parsed, extension, fields, meta, id, stem }: ParsedEntry): Promise<EntryResult> {
  const row: Row = { id, stem, extension, position: 0, meta, ...fields }
  const result: EntryResult = { ...emptyResult(), row, links: fieldLinks(def.schema, { fields, meta }, parsed.yaml) }
  for (const field of markdownFields[def.schema] ?? []) {
    const source = fields[field]
    if (typeof source !== 'string') continue
    // A module's README is its page's body: its links resolve from /modules/<name>.
    const path = typeof fields.name === 'string' ? `/${posix.basename(def.dir)}/${fields.name}` : `/${stem}`
    let markdown: MarkdownResult
    try {
      markdown = await processMarkdown(source, {
        file: file.display,
        lineOffset: parsed.yaml.lineOf([field]),
        path,
        title: (h1) => h1 ?? String(fields.name ?? stem),
        link: { fileDir: '', prefix: posix.dirname(path), docsVersionPaths: ctx.docsVersionPaths },
        components: ctx.components,
      })
    } catch (error) {
      // The module's page would have been `path`.
      return { ...emptyResult(), errors: [parseFailure(error, source, file.display, parsed.yaml.lineOf([field]), field)], failedPath: path }
    }
    row[field] = markdown.body
    result.links.push(...markdown.links)
    result.warnings.push(...markdown.warnings)
  }
  return result
}

/** A page: its path and title, the links of its front matter, its Markdown body, search sections and row. */
async function processPage(entry: ParsedEntry, failed: (errors: ContentIssue[]) => EntryResult): Promise<EntryResult> {
  const { def, file, ctx, parsed, extension, fields, meta, id, stem } = entry
  const path = pathFromFile(file.rel, def.prefix, { folderPage: file.folderPage })
  // An index page without a title is named after its folder; the collection's root index is "Home".
  const folder = posix.dirname(stem)
  const isFolderPage = posix.basename(stem) === 'index' || file.folderPage === true
  const fileTitle = !isFolderPage ? titleFromSegment(posix.basename(stem)) : folder === '.' ? 'Home' : titleFromSegment(posix.basename(folder))
  const frontTitle = typeof fields.title === 'string' ? fields.title : undefined
  let body: PageBody = emptyBody
  let sections: SearchSection[] = []
  let warnings: ContentIssue[] = []
  let htmlAnchors: string[] = []
  let title = frontTitle ?? fileTitle
  let description = typeof fields.description === 'string' ? fields.description : ''

  const linkContext: LinkContext = {
    fileDir: posix.dirname(file.rel) === '.' ? '' : posix.dirname(file.rel),
    prefix: def.prefix,
    docsVersionPaths: ctx.docsVersionPaths,
    ...(def.docsVersionPath ? { docsVersionPath: def.docsVersionPath } : {}),
    ...(def.vitepress ? { vitepress: true, base: def.vitepress.base, locales: def.vitepress.locales, rootPath: def.vitepress.rootPath } : {}),
  }
  const links = fieldLinks(def.schema, { fields, meta }, parsed.yaml, (to) => resolveLink(to, linkContext))

  // A VitePress home page (`layout: home`): its hero names the page, and its actions' and
  // features' links are resolved and checked like the rest.
  const home =
    def.vitepress && meta.layout === 'home'
      ? vitepressHome(meta, (to, at) => {
          if (isExternal(to)) return to
          const url = resolveLink(rootedLink(to), linkContext)
          links.push({ url, line: parsed.yaml.lineOf(at), kind: 'link' })
          return url
        })
      : undefined
  if (home?.title && !frontTitle) title = home.title
  if (home?.description && !description) description = home.description

  const dependencies: string[] = []
  if (extension === 'md') {
    let markdown: MarkdownResult
    try {
      markdown = await processMarkdown(parsed.body, {
        file: file.display,
        lineOffset: parsed.bodyLine - 1,
        path,
        title: (h1) => frontTitle ?? h1 ?? fileTitle,
        link: linkContext,
        components: ctx.components,
        ...(def.vitepress ? { files: treeFiles(file, dependencies) } : {}),
      })
    } catch (error) {
      return failed([parseFailure(error, parsed.body, file.display, parsed.bodyLine, 'body')])
    }
    body = markdown.body
    sections = def.search ? markdown.sections : []
    links.push(...markdown.links)
    warnings = markdown.warnings
    htmlAnchors = markdown.anchors
    title = frontTitle ?? home?.title ?? markdown.firstHeading ?? fileTitle
    if (!description) description = markdown.firstParagraph ?? ''
  }
  // The page's own search section says what its description says ("Navigate programmatically…").
  const [own] = sections
  if (own && own.id === path && description && !own.content.includes(description)) sections = [{ ...own, content: `${description} ${own.content}`.trim() }, ...sections.slice(1)]

  const seoInput = isRecord(fields.seo) ? fields.seo : {}
  const extras = Object.fromEntries(Object.entries(fields).filter(([key]) => !pageKeys.has(key)))
  const row: Row = {
    id,
    path,
    stem,
    extension,
    position: 0,
    title,
    description,
    body,
    seo: { ...seoInput, title: seoInput.title ?? title, description: seoInput.description ?? description },
    navigation: fields.navigation ?? true,
    links: fields.links ?? [],
    meta,
    ...extras,
  }
  return {
    row,
    sections,
    links,
    anchors: [...body.toc.map((t) => t.id), ...htmlAnchors],
    warnings,
    errors: [],
    ...(dependencies.length ? { dependencies: [...new Set(dependencies)] } : {}),
  }
}

/**
 * What a VitePress page's `<<<` snippets and `@include`s read: files of its tree (the
 * folder `@` stands for), named in warnings as the page is. Read synchronously: a page
 * names a few small files, and the build reads pages on worker threads.
 */
function treeFiles(file: SourceFile, dependencies: string[]): SourceFiles {
  // The source folder (`srcDir`), which `@` stands for: the file's folder, up as many as its path there is deep.
  const sourceRel = file.sourceRel ?? file.rel
  const sourceDir = resolve(file.abs, ...sourceRel.split('/').map(() => '..'))
  const displayRoot = file.display.endsWith(sourceRel) ? file.display.slice(0, -sourceRel.length) : undefined
  return {
    page: file.abs,
    root: sourceDir,
    read: (path) => {
      dependencies.push(path)
      try {
        return readFileSync(path, 'utf8')
      } catch {
        return undefined
      }
    },
    display: (path) => (displayRoot === undefined ? path : posix.join(displayRoot, relative(sourceDir, path).split(sep).join('/'))),
  }
}

function wrapYaml(parsed: ParsedYaml | ContentIssue) {
  return 'message' in parsed ? parsed : { yaml: parsed, body: '', bodyLine: 1 }
}

function schemaIssue(file: string, yaml: ParsedYaml, issue: { path: PropertyKey[]; message: string }): ContentIssue {
  const field = issue.path.map(String).join('.') || '(front matter)'
  // Whatever check failed, an absent field is best reported as missing.
  const missing = issue.path.length > 0 && getIn(yaml.data, issue.path) === undefined
  return { file, line: yaml.lineOf(issue.path), field, message: missing ? 'is required' : issue.message }
}

function getIn(data: unknown, path: PropertyKey[]): unknown {
  let value = data
  for (const key of path) {
    if (!isRecord(value) && !Array.isArray(value)) return undefined
    value = Reflect.get(value, key)
  }
  return value
}

/**
 * Reads a VitePress home page's `hero` and `features` in place: their links resolved
 * (`resolve` also records them for the link check), their text without the HTML
 * VitePress would draw (`text: Vite <span>&</span> Vue`), which the page would show as
 * text, and a feature's icon only when it is an emoji, not an element the other
 * site's CSS draws (`<span class="vite"></span>`). Returns the title and description
 * the hero gives the page.
 */
function vitepressHome(meta: Record<string, unknown>, resolve: (to: string, at: (string | number)[]) => string): { title?: string; description?: string } {
  const hero = isRecord(meta.hero) ? meta.hero : {}
  for (const key of ['name', 'text', 'tagline']) withoutHtml(hero, key)
  for (const [i, action] of (Array.isArray(hero.actions) ? hero.actions : []).entries()) {
    if (isRecord(action) && typeof action.link === 'string') action.link = resolve(action.link, ['hero', 'actions', i, 'link'])
    if (isRecord(action)) withoutHtml(action, 'text')
  }
  for (const [i, feature] of (Array.isArray(meta.features) ? meta.features : []).entries()) {
    if (!isRecord(feature)) continue
    if (typeof feature.link === 'string') feature.link = resolve(feature.link, ['features', i, 'link'])
    withoutHtml(feature, 'title')
    withoutHtml(feature, 'details')
    if (typeof feature.icon === 'string' && feature.icon.includes('<')) delete feature.icon
  }
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined)
  const title = text(hero.name) ?? text(hero.text)
  const description = [text(hero.name) ? text(hero.text) : undefined, text(hero.tagline)].filter(Boolean).join('. ')
  return { ...(title ? { title } : {}), ...(description ? { description } : {}) }
}

/** A string of a home page's front matter made text, in place: its HTML tags and entities' markup go. */
function withoutHtml(record: Record<string, unknown>, key: string) {
  const value = record[key]
  if (typeof value !== 'string' || !/[<&]/.test(value)) return
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }
  record[key] = value
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The Markdown parser's failure on a field as an error in the content like any other
 * (file, line, field), not a crash of the build with a stack. Any other error is rethrown.
 */
function parseFailure(error: unknown, markdown: string, file: string, line: number, field: string): ContentIssue {
  if (!(error instanceof MarkdownParseError)) throw error
  // remark-mdc 3.11.1 throws on a binding spread over three lines or more (docs/content.md).
  const hint = markdown.includes('{{') ? '; a {{ binding }} spread over three lines or more is a known cause: keep each on one or two lines' : ''
  return { file, line, field, message: `the Markdown parser failed on this ${field === 'body' ? 'page' : 'field'} (${error.message})${hint}` }
}
