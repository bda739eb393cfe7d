import type { Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import remarkGfm from 'remark-gfm'
import remarkMdc from 'remark-mdc'
import remarkStringify from 'remark-stringify'
import { type Plugin, unified } from 'unified'

import type { PageBody } from '../../src/contract/content/body'
import { type SearchSection, sectionsFromTree } from '../collections/sections'
import type { ContentIssue } from '../errors'
import { markedLines, remarkGfmParsing, withMarkedLines } from './gfm'
import { PART_CHARS, shiftedOffsets, splitBody } from './parts'
import { type LinkRef, type SourceEdit, type TransformContext, type TransformResult, transformTree } from './transform'
import { authorLines, type SourceFiles, vitepressToMdc } from './vitepress'

/**
 * The Markdown dialect is CommonMark + GFM (tables, task lists, strikethrough,
 * autolinks) + MDC components, as the renderer parses it in the browser, so the stored
 * Markdown means the same thing in both. The build parses with `parsers` below (the
 * same trees, faster) and writes a tree it changed with this, GFM's and MDC's own
 * serialisers.
 */
const serializer = unified().use(remarkGfm).use(remarkMdc).use(remarkStringify, { bullet: '-', emphasis: '_', fences: true, rule: '-' }).freeze()

/** remark-parse's parser, mdast-util-from-markdown with the processor's extensions. */
const markdownParser: Plugin<[], string, Root> = function () {
  this.parser = (doc) => fromMarkdown(doc, { extensions: this.data('micromarkExtensions') ?? [], mdastExtensions: this.data('fromMarkdownExtensions') ?? [] })
}

/**
 * The parsers. Each document is parsed by the one that leaves out what cannot occur in
 * it, which gives the same tree faster:
 *
 * - GFM's literal autolinks (bare `www.x`, `https://x`, `a@b.c`), the slowest part of
 *   parsing (about a third of a page's), cannot match in a document holding none of
 *   `www.`, `http://`, `https://` or an `x@y.` (the start of every email address,
 *   `mailto:` and `xmpp:` ones included). A package scope (`@fjord/ui`) or the word
 *   "http" is none of these. Where one can, they are only tried on the lines holding
 *   one (`autolinkLines`).
 * - A table cannot occur in a document without a line that could be a delimiter row
 *   (`tableHeaderLines`), and where one can, only the line before such a row is tried
 *   as a header. Together about a tenth of parsing on the bench corpus.
 */
const parser = (autolinks: boolean, tables: boolean) => unified().use(markdownParser).use(remarkGfmParsing, { autolinks, tables }).use(remarkMdc).freeze()
const parsers = { all: parser(true, true), noAutolinks: parser(false, true), noTables: parser(true, false), neither: parser(false, false) }

export { AUTOLINK_TRIGGER } from './gfm'

export interface MarkdownResult {
  body: PageBody
  sections: SearchSection[]
  links: LinkRef[]
  /** Ids of HTML anchors in the body, linkable besides the headings' ids. */
  anchors: string[]
  warnings: ContentIssue[]
  firstHeading?: string
  firstParagraph?: string
}

export interface MarkdownContext extends TransformContext {
  /** The page's path and title: the first search section is the page itself. */
  path: string
  title: (firstHeading: string | undefined) => string
  /** A VitePress page's file access: its `<<<` snippets and `@include`s are read through it. */
  files?: SourceFiles
}

export async function processMarkdown(input: string, ctx: MarkdownContext): Promise<MarkdownResult> {
  // CommonMark replaces NUL with U+FFFD for safety; the stored source must match what was parsed.
  const vitepress = vitepressToMdc(input.includes('\0') ? input.replaceAll('\0', '\uFFFD') : input, {
    file: ctx.file,
    lineOffset: ctx.lineOffset,
    vue: Boolean(ctx.link.vitepress),
    ...(ctx.files ? { files: ctx.files } : {}),
  })
  const source = vitepress.value
  // Snippets and includes added lines: what transformTree says about a line is said about the author's.
  const lines = authorLines(vitepress.origins, ctx.lineOffset)
  let tree: Root
  try {
    tree = parseMarkdown(source)
  } catch (error) {
    throw new MarkdownParseError(error instanceof Error ? error.message : String(error), { cause: error })
  }
  const result = await transformTree(tree, source, ctx)
  const title = ctx.title(result.firstHeading)
  dropLeadingTitle(tree, source, result, title)
  // Serialising is as costly as parsing and rewrites the author's formatting, so it
  // only happens when the tree changed in a way text edits cannot express.
  const value = result.edits ? applyEdits(source, result.edits) : serializer.stringify(tree)
  const split = value.length > PART_CHARS ? splitStored(value, tree, result.edits) : undefined
  return {
    body: { type: 'markdown', value, toc: result.toc, code: result.code, palette: result.palette, ...split },
    sections: sectionsFromTree(tree, { path: ctx.path, title }),
    links: vitepress.origins ? result.links.map((link) => ({ ...link, line: lines.pageLine(link.line) })) : result.links,
    anchors: result.anchors,
    warnings: [...vitepress.warnings, ...(vitepress.origins ? result.warnings.map(lines.issue) : result.warnings)],
    ...(result.firstHeading ? { firstHeading: result.firstHeading } : {}),
    ...(result.firstParagraph ? { firstParagraph: result.firstParagraph } : {}),
  }
}

/**
 * A body that opens with its page's title as an h1 (`# Installation` under
 * `title: Installation`, or no title at all): the page already shows the title as
 * its h1, so the body's copy goes, with its table-of-contents entry.
 */
function dropLeadingTitle(tree: Root, source: string, result: TransformResult, title: string) {
  const first = tree.children[0]
  if (first?.type !== 'heading' || first.depth !== 1 || result.toc[0]?.text !== title) return
  tree.children.shift()
  result.toc.shift()
  const start = first.position?.start.offset
  const end = first.position?.end.offset
  if (result.edits && start !== undefined && end !== undefined) {
    const next = /^[ \t]*\r?\n(?:[ \t]*\r?\n)*/.exec(source.slice(end))?.[0].length ?? 0
    const cut = { start, end: end + next, text: '' }
    result.edits = [cut, ...result.edits.filter((edit) => edit.start >= cut.end)]
  } else {
    result.edits = undefined
  }
}

/**
 * Where the renderer may parse a long stored body apart. When the stored text is the
 * source with URLs rewritten in place, it parses to the tree already in hand, only
 * shifted; otherwise (HTML rewritten as Markdown, or the tree serialised) it is read
 * back as stored.
 */
function splitStored(value: string, tree: Root, edits: readonly SourceEdit[] | undefined) {
  if (edits && !edits.some((edit) => edit.reshapes)) return splitBody(value, tree, shiftedOffsets(edits))
  return splitBody(value, parseMarkdown(value))
}

function applyEdits(source: string, edits: readonly SourceEdit[]): string {
  let out = ''
  let at = 0
  for (const edit of edits) {
    out += source.slice(at, edit.start) + edit.text
    at = edit.end
  }
  return out + source.slice(at)
}

/**
 * The Markdown parser (remark-parse with GFM and remark-mdc, the renderer's own) threw
 * on a page: its messages come from micromark's internals and name no place in the file.
 */
export class MarkdownParseError extends Error {
  override name = 'MarkdownParseError'
}

/** Parses Markdown into a tree (stored Markdown too: tests use it to prove the round trip). */
export function parseMarkdown(source: string): Root {
  const lines = markedLines(source)
  const tables = lines.headers.size > 0
  const chosen = lines.autolinks ? (tables ? parsers.all : parsers.noTables) : tables ? parsers.noAutolinks : parsers.neither
  return withMarkedLines(lines, () => chosen.parse(source))
}
