import type { Blockquote, Code, Heading, Root, RootContent } from 'mdast'
import { toString } from 'mdast-util-to-string'
import type { Node } from 'unist'
import { SKIP, visit } from 'unist-util-visit'

import type { CodeBlock, TocEntry, TokenColor } from '../../src/contract/content/body'
import { calloutTypes, emptyHtmlComponents, isHtmlComponent, isKnownComponent, linkAttributes } from '../../src/contract/content/mdc-components'
import { isRecord } from '../../src/contract/is-record'
import type { ContentIssue } from '../errors'
import { headingIds } from './heading-ids'
import { highlight, Palette } from './highlight'
import { altText, destination, idAttribute, readInlineHtml } from './inline-html'
import { type LinkContext, resolveLink } from './links'
import type { ContainerComponent } from './mdc-nodes'

/** An internal link found in content, for the dead-link check after every file is read. */
export interface LinkRef {
  url: string
  line: number
  kind: 'link' | 'image'
  /** The field holding it, for a link in front matter or a YAML file (`cta.links.1.to`). */
  field?: string
}

export interface TransformContext {
  /** Display path of the file, for warnings. */
  file: string
  /** Added to Markdown line numbers to get file line numbers (front matter before the body). */
  lineOffset: number
  link: LinkContext
  /** The site's own components (`content.components` in site.config.ts), known like the renderer's. */
  components?: readonly string[]
}

/** A text replacement in the body source, so unchanged Markdown is stored as written. */
export interface SourceEdit {
  start: number
  end: number
  text: string
  /**
   * The edit may parse differently from what it replaced (HTML rewritten as Markdown,
   * an escape), so the edited source's blocks are not the tree's. Rewriting a URL
   * inside a link leaves every block where it was.
   */
  reshapes?: true
}

export interface TransformResult {
  /**
   * Replacements that turn the source into the transformed Markdown, or undefined
   * when the tree changed in a way edits cannot express (an alert became a
   * component, or a rewritten URL could not be found in the source as written): the
   * tree must then be serialised instead.
   */
  edits: SourceEdit[] | undefined
  toc: TocEntry[]
  code: CodeBlock[]
  palette: TokenColor[]
  links: LinkRef[]
  /** Ids given by HTML anchors in the body (`<a id="x"></a>`), which links may target besides headings. */
  anchors: string[]
  warnings: ContentIssue[]
  /** Text of the first h1, a title for pages without one in front matter. */
  firstHeading?: string
  /** Text of the first top-level paragraph, a description for pages without one. */
  firstParagraph?: string
}

/** `## Title {#custom-id}` (VitePress, Docusaurus): an id the author chose. */
const EXPLICIT_ID = /[ \t]*\{#([A-Za-z][\w-]*)\}[ \t]*$/

/** Removes a trailing `{#id}` from a heading's text and returns the id. */
function takeExplicitId(heading: Heading): string | undefined {
  const last = heading.children.at(-1)
  if (last?.type !== 'text') return undefined
  const match = EXPLICIT_ID.exec(last.value)
  if (!match) return undefined
  last.value = last.value.slice(0, match.index)
  return match[1]
}

/** The source range of a heading's trailing `{#id}` (and the blanks before it), when it can be found as written. */
function explicitIdEdit(source: string, heading: Heading, id: string): SourceEdit | undefined {
  const start = heading.position?.start.offset
  const end = heading.position?.end.offset
  if (start === undefined || end === undefined) return undefined
  const at = source.lastIndexOf(`{#${id}}`, end)
  if (at < start || source.slice(at + id.length + 3, end).trim() !== '') return undefined
  let from = at
  while (from > start && (source[from - 1] === ' ' || source[from - 1] === '\t')) from--
  return { start: from, end: at + id.length + 3, text: '' }
}

/**
 * A heading's text for its id and the table of contents, as Nuxt Content reads it:
 * inline components (`:badge[v3.10]`) are left out; `[text]{.class}` spans count.
 */
function headingText(heading: Heading): string {
  const kept = heading.children.filter((child) => !(child.type === 'textComponent' && child.name !== 'span'))
  // HTML in a heading (`## <a id="x"></a>Title`) is not its text.
  return toString({ type: 'paragraph', children: kept }, { includeHtml: false }).trim()
}

/** The text of a heading's first inline badge, for its table-of-contents entry. */
function headingBadge(heading: Heading): string | undefined {
  const badge = heading.children.find((child) => child.type === 'textComponent' && child.name === 'badge')
  return badge ? toString(badge).trim() || undefined : undefined
}

const ALERT = new RegExp(`^\\[!(${calloutTypes.join('|')})\\][ \\t]*(\\r?\\n)?`, 'i')

/**
 * Applies the build-time rewrites to a parsed body, in place, and collects what the
 * page needs beside its Markdown: heading ids, highlighted code, links to check.
 */
export async function transformTree(tree: Root, source: string, ctx: TransformContext): Promise<TransformResult> {
  // A VitePress tree keeps VitePress's ids; any other tree gets Nuxt Content's.
  const ids = headingIds(ctx.link.vitepress ? 'vitepress' : 'nuxt')
  const toc: TocEntry[] = []
  const links: LinkRef[] = []
  const warnings: ContentIssue[] = []
  const codeNodes: Code[] = []
  const anchors: string[] = []
  /** `</a>` nodes already paired with their opening tag, and what each becomes. */
  const closers = new Map<Node, string>()
  let firstHeading: string | undefined
  let edits: SourceEdit[] | undefined = []
  const line = (node: Node) => (node.position?.start.line ?? 1) + ctx.lineOffset
  const rewrite = (node: Node, original: string, resolved: string, kind: UrlKind) => {
    if (resolved === original || !edits) return
    const edit = locateUrl(source, node, original, resolved, kind)
    if (edit) edits.push(edit)
    else edits = undefined
  }

  /** Rewrites an HTML node as Markdown: in the source (an edit) and in the tree (serialised verbatim). */
  const replaceHtml = (node: Node & { value: string }, text: string) => {
    node.value = text
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (start === undefined || end === undefined) edits = undefined
    else edits?.push({ start, end, text, reshapes: true })
  }

  visit(tree, (node, index, parent) => {
    if (node.type === 'html') {
      const closing = closers.get(node)
      if (closing !== undefined) {
        replaceHtml(node, closing)
        return
      }
      // A comment is the author's note to themselves: no site shows it (the renderer would, as text).
      if (/^<!--[\s\S]*?-->$/.test(node.value.trim()) && node.value.indexOf('-->') === node.value.lastIndexOf('-->')) {
        replaceHtml(node, '')
        return
      }
      const html = readInlineHtml(node.value)
      if (!html) return
      if (html.kind === 'anchor') {
        anchors.push(html.id)
        replaceHtml(node, `[]${idAttribute(html.id)}`)
      } else if (html.kind === 'img') {
        const src = resolveLink(html.src, ctx.link)
        if (isCheckable(src)) links.push({ url: src, line: line(node), kind: 'image' })
        replaceHtml(node, `![${altText(html.alt)}](${destination(src)})`)
      } else if (html.kind === 'open-anchor' || html.kind === 'open-link') {
        // Its `</a>` is a later sibling in the same paragraph (or table cell); without one it is an anchor alone.
        const close = parent?.children.slice((index ?? 0) + 1).find((sibling) => sibling.type === 'html' && readInlineHtml(sibling.value)?.kind === 'close-a')
        if (html.kind === 'open-anchor') anchors.push(html.id)
        if (!close) {
          if (html.kind === 'open-anchor') replaceHtml(node, `[]${idAttribute(html.id)}`)
          return
        }
        if (html.kind === 'open-link') {
          const href = resolveLink(html.href, ctx.link)
          if (isCheckable(href)) links.push({ url: href, line: line(node), kind: 'link' })
          closers.set(close, `](${destination(href)})`)
        } else {
          closers.set(close, `]${idAttribute(html.id)}`)
        }
        replaceHtml(node, '[')
      }
      return
    }
    if (node.type === 'blockquote' && parent && index !== undefined) {
      const callout = alertToCallout(node)
      if (callout) {
        const rewritten = edits && calloutEdits(source, node, callout.name)
        if (rewritten) edits?.push(...rewritten)
        else edits = undefined
        parent.children[index] = callout
        // Skip the old node's children and visit the replacement instead, so what
        // is inside (links, headings) is handled exactly once.
        return [SKIP, index]
      }
    }
    if (node.type === 'heading') {
      const explicit = takeExplicitId(node)
      if (explicit) {
        // The `{#id}` goes from the stored text too: the id travels in the table of contents.
        const cut = explicitIdEdit(source, node, explicit)
        if (cut) edits?.push(cut)
        else edits = undefined
        ids.reserve(explicit)
      }
      const text = headingText(node)
      const id = explicit ?? (ids.id(text) || `section-${toc.length + 1}`)
      node.data = { ...node.data, hProperties: { id } }
      const badge = headingBadge(node)
      toc.push({ id, depth: node.depth, text, ...(badge ? { badge } : {}) })
      if (node.depth === 1) firstHeading ??= text
    } else if (node.type === 'link' || node.type === 'definition') {
      const original = node.url
      // VitePress's way to link a file it does not build (`/pure.html` in public/): the URL stays as written.
      const asWritten = ctx.link.vitepress && original.startsWith('/') && 'attributes' in node && isRecord(node.attributes) && node.attributes.target === '_self'
      node.url = asWritten ? original : resolveLink(original, ctx.link)
      rewrite(node, original, node.url, node.type === 'link' ? 'destination' : 'definition')
      if (isCheckable(node.url)) links.push({ url: node.url, line: line(node), kind: 'link' })
    } else if (node.type === 'image') {
      const original = node.url
      node.url = resolveLink(original, ctx.link)
      rewrite(node, original, node.url, 'destination')
      if (node.url.startsWith('/')) links.push({ url: node.url, line: line(node), kind: 'image' })
    } else if (node.type === 'code') {
      codeNodes.push(node)
    } else if (node.type === 'containerComponent' || node.type === 'leafComponent' || node.type === 'textComponent') {
      const site = Boolean(ctx.components?.includes(node.name))
      const known = site || isKnownComponent(node.name)
      const empty = node.type === 'textComponent' && !Object.keys(node.attributes ?? {}).length && !node.children.length
      if (empty && !site && !drawnEmpty(node.name) && parent && index !== undefined) {
        // `:Using` in docs written for GitHub is text, which MDC reads as a component with
        // nothing to show: it stays the text it was written as (escaped, `\:Using`). So does
        // an HTML name with nothing in it (`:sup`), which would draw nothing.
        const start = node.position?.start.offset
        const end = node.position?.end.offset
        // As written (MDC lower-cases the name).
        const text = start !== undefined && end !== undefined ? source.slice(start, end) : `:${node.name}`
        const what = known ? 'empty inline element' : 'unknown inline component'
        warnings.push({ file: ctx.file, line: line(node), message: `${what} "${text}" with neither attributes nor content: kept as text` })
        parent.children[index] = { type: 'text', value: text } as (typeof parent.children)[number]
        if (start === undefined || end === undefined) edits = undefined
        else edits?.push({ start, end, text: `\\${text}`, reshapes: true })
        return SKIP
      }
      if (!known) {
        warnings.push({ file: ctx.file, line: line(node), message: `unknown component "${node.name}": renders in a labelled frame` })
      }
      for (const attr of linkAttributes) {
        const value = node.attributes?.[attr]
        if (typeof value !== 'string' || !node.attributes) continue
        const resolved = resolveLink(value, ctx.link)
        node.attributes[attr] = resolved
        rewrite(node, value, resolved, attr)
        if (isCheckable(resolved)) links.push({ url: resolved, line: line(node), kind: 'link' })
      }
      if (node.type === 'containerComponent' && node.rawData) {
        for (const prop of yamlLinkProps(node.rawData)) {
          const resolved = resolveLink(prop.value, ctx.link)
          if (resolved !== prop.value) {
            node.rawData = node.rawData.replace(prop.text, prop.text.replace(prop.value, resolved))
            rewrite(node, prop.value, resolved, { yaml: prop.text })
          }
          if (isCheckable(resolved)) links.push({ url: resolved, line: line(node), kind: 'link' })
        }
      }
    }
  })

  const palette = new Palette()
  const code: CodeBlock[] = []
  for (const node of codeNodes) {
    const meta = parseCodeMeta(node.lang ?? '', node.meta ?? '')
    const { lang, lines } = await highlight(node.value, meta.lang, palette)
    code.push({ lang, lines, ...(meta.filename ? { filename: meta.filename } : {}), ...(meta.highlights.length ? { highlights: meta.highlights } : {}) })
  }

  const firstParagraph = tree.children.find((c: RootContent) => c.type === 'paragraph')
  return {
    edits: edits?.sort((a, b) => a.start - b.start),
    toc,
    code,
    palette: palette.colors,
    links,
    anchors,
    warnings,
    ...(firstHeading ? { firstHeading } : {}),
    ...(firstParagraph ? { firstParagraph: toString(firstParagraph).replace(/\s+/g, ' ').trim() } : {}),
  }
}

type UrlKind = 'destination' | 'definition' | (typeof linkAttributes)[number] | { yaml: string }

/** `to: /docs/x` lines of a component's YAML props block. */
function yamlLinkProps(rawData: string): { text: string; value: string }[] {
  const props: { text: string; value: string }[] = []
  for (const match of rawData.matchAll(new RegExp(`^[ \\t]*(?:${linkAttributes.join('|')}):[ \\t]*(["']?)([^"'\\s#]+)\\1[ \\t]*$`, 'gm'))) {
    if (match[2]) props.push({ text: match[0], value: match[2] })
  }
  return props
}

/**
 * Finds where `original` is written in the node's source, so it can be replaced by
 * `resolved` in place. Returns undefined when the URL is not written literally (it
 * held escapes or entities): the caller then serialises the whole tree.
 */
function locateUrl(source: string, node: Node, original: string, resolved: string, kind: UrlKind): SourceEdit | undefined {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) return undefined
  const text = source.slice(start, end)
  let at = -1
  if (kind === 'destination') {
    // The destination follows the last "](": link text may hold images, never the reverse.
    const open = text.lastIndexOf('](')
    if (open === -1) return undefined
    const from = open + 2 + (text[open + 2] === '<' ? 1 : 0)
    if (text.startsWith(original, from)) at = from
  } else if (kind === 'definition') {
    const colon = text.indexOf(']:')
    at = colon === -1 ? -1 : text.indexOf(original, colon + 2)
  } else if (typeof kind === 'object') {
    const line = text.indexOf(kind.yaml)
    at = line === -1 ? -1 : text.indexOf(original, line)
  } else {
    // A component's own attributes are on its first line, before any children.
    const firstLine = text.split('\n', 1)[0] ?? ''
    for (const quote of ['"', "'", '']) {
      const needle = `${kind}=${quote}${original}${quote}`
      const found = firstLine.indexOf(needle)
      if (found !== -1) {
        at = found + kind.length + 1 + quote.length
        break
      }
    }
  }
  return at === -1 ? undefined : { start: start + at, end: start + at + original.length, text: resolved }
}

/**
 * Whether an inline component with neither attributes nor content draws something: one
 * of the dialect's components, or a void HTML element (`:br`, `:hr`). An unknown name or
 * another HTML element (`:sup`) would draw nothing, so it is kept as text.
 */
function drawnEmpty(name: string): boolean {
  return isHtmlComponent(name) ? emptyHtmlComponents.has(name) : isKnownComponent(name)
}

/** Links to site paths and same-page anchors are checked; external URLs are not. */
function isCheckable(url: string): boolean {
  return url.startsWith('/') || url.startsWith('#')
}

/** `> [!NOTE]` (a GitHub alert) becomes the `::note` MDC block, so the renderer sees one form. */
function alertToCallout(node: Blockquote): ContainerComponent | undefined {
  const first = node.children[0]
  if (first?.type !== 'paragraph') return undefined
  const lead = first.children[0]
  let type: string | undefined
  if (lead?.type === 'text') {
    const match = ALERT.exec(lead.value)
    type = match?.[1]
    if (match) lead.value = lead.value.slice(match[0].length)
  } else if (lead?.type === 'textComponent' && lead.name === 'span' && !Object.keys(lead.attributes ?? {}).length) {
    // remark-mdc reads `[!NOTE]` as an inline span whose text is `!NOTE`.
    const inner = lead.children.length === 1 && lead.children[0]?.type === 'text' ? lead.children[0].value : ''
    type = ALERT.exec(`[${inner}]`)?.[1]
    if (type) first.children.shift()
  }
  if (!type) return undefined
  const next = first.children[0]
  if (next?.type === 'text') next.value = next.value.replace(/^[ \t]*\r?\n/, '')
  if (next?.type === 'text' && !next.value) first.children.shift()
  if (first.children[0]?.type === 'break') first.children.shift()
  const children = first.children.length ? node.children : node.children.slice(1)
  return { type: 'containerComponent', name: type.toLowerCase(), attributes: {}, children, position: node.position }
}

/**
 * The source edits that turn a GitHub alert into the MDC callout `alertToCallout`
 * makes of it, so a page with an alert is stored as written rather than serialised
 * (which rewrote the author's formatting and, on a long page, meant parsing the
 * result again to find where it can be cut: together about a tenth of the build's
 * CPU on the 1,000-page corpus, whose pages have alerts one time in six).
 *
 * `> [!NOTE]` becomes `::note`, each `>` marker of the lines below goes, and `::` closes
 * the callout after its last line, so the callout's content is the quote's content as
 * written and parses to the same blocks. Undefined, and the tree is serialised as before,
 * whenever that could read differently: a quote not at the start of its line (inside a
 * list), carriage returns or tabs, a line starting with `:` (a component
 * that could close the callout) or `---` first (read as its properties), and code or
 * HTML blocks (an unclosed one would run past the callout's closing line).
 */
export function calloutEdits(source: string, quote: Blockquote, name: string): SourceEdit[] | undefined {
  const start = quote.position?.start.offset
  const end = quote.position?.end.offset
  if (start === undefined || end === undefined || quote.position?.start.column !== 1) return undefined
  const text = source.slice(start, end)
  // A tab's width depends on its column, which moves once a marker goes.
  if (/[\r\t]/.test(text)) return undefined
  let risky = false
  visit(quote, (node) => {
    if (node.type === 'code' || node.type === 'html') risky = true
  })
  if (risky) return undefined
  const lines = text.split('\n')
  const marker = /^>[ ]?\[!\w+\][ \t]*/.exec(lines[0] ?? '')
  if (!marker) return undefined
  const firstRest = (lines[0] ?? '').slice(marker[0].length)
  // The marker's line, with its line break when nothing follows the marker on it.
  const edits: SourceEdit[] = [{ start, end: start + marker[0].length + (firstRest === '' && lines.length > 1 ? 1 : 0), text: `::${name}\n` }]
  const content: string[] = firstRest === '' ? [] : [firstRest]
  let at = start + (lines[0] ?? '').length + 1
  for (const line of lines.slice(1)) {
    const prefix = /^ {0,3}> ?/.exec(line)
    if (prefix) edits.push({ start: at, end: at + prefix[0].length, text: '' })
    content.push(prefix ? line.slice(prefix[0].length) : line)
    at += line.length + 1
  }
  if (content.some((line) => /^\s*:/.test(line)) || /^\s*---/.test(content[0] ?? '')) return undefined
  edits.push({ start: end, end, text: content.length ? '\n::' : '::' })
  return edits
}

/**
 * Reads a fence's info string the way Nuxt Content-style docs write it:
 * ```ts [fjord.config.ts] {2,4-6}
 */
export function parseCodeMeta(lang: string, meta: string): { lang: string; filename?: string; highlights: number[] } {
  const info = `${lang} ${meta}`
  const range = /\{([\d,\s-]+)\}/.exec(info)?.[1]
  // Greedy up to the last "]": file names may hold brackets themselves (`[server/api/[id].ts]`).
  const filename = /\[(.*)\]/.exec(info.replace(/\{[\d,\s-]+\}/, ''))?.[1]?.trim()
  const highlights: number[] = []
  for (const part of range?.split(',') ?? []) {
    const [from, to] = part.split('-').map((n) => Number.parseInt(n.trim(), 10))
    if (from === undefined || Number.isNaN(from)) continue
    const end = to === undefined || Number.isNaN(to) ? from : to
    for (let n = from; n <= end && n - from < 10_000; n++) highlights.push(n)
  }
  // A bare `[file.ts]` with no language (```[file.ts]) leaves the language empty.
  const cleanLang = lang.replace(/\[.*$/, '').replace(/\{.*$/, '').trim()
  return { lang: cleanLang, ...(filename ? { filename } : {}), highlights }
}
