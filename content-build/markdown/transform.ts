import GithubSlugger from 'github-slugger'
import type { Blockquote, Code, Root, RootContent } from 'mdast'
import { toString } from 'mdast-util-to-string'
import type { Node } from 'unist'
import { SKIP, visit } from 'unist-util-visit'

import type { CodeBlock, TokenColor, TocEntry } from '../../src/lib/content/body'
import { calloutTypes, isKnownComponent, linkAttributes } from '../../src/lib/content/mdc-components'
import type { ContentIssue } from '../errors'
import { highlight, Palette } from './highlight'
import { resolveLink, type LinkContext } from './links'
import type { ContainerComponent } from './mdc-nodes'

/** An internal link found in content, for the dead-link check after every file is read. */
export interface LinkRef {
  url: string
  line: number
  kind: 'link' | 'image'
}

export interface TransformContext {
  /** Display path of the file, for warnings. */
  file: string
  /** Added to Markdown line numbers to get file line numbers (front matter before the body). */
  lineOffset: number
  link: LinkContext
}

export interface TransformResult {
  toc: TocEntry[]
  code: CodeBlock[]
  palette: TokenColor[]
  links: LinkRef[]
  warnings: ContentIssue[]
  /** Text of the first h1, a title for pages without one in front matter. */
  firstHeading?: string
  /** Text of the first top-level paragraph, a description for pages without one. */
  firstParagraph?: string
}

const ALERT = new RegExp(`^\\[!(${calloutTypes.join('|')})\\][ \\t]*(\\r?\\n)?`, 'i')

/**
 * Applies the build-time rewrites to a parsed body, in place, and collects what the
 * page needs beside its Markdown: heading ids, highlighted code, links to check.
 */
export async function transformTree(tree: Root, ctx: TransformContext): Promise<TransformResult> {
  const slugger = new GithubSlugger()
  const toc: TocEntry[] = []
  const links: LinkRef[] = []
  const warnings: ContentIssue[] = []
  const codeNodes: Code[] = []
  let firstHeading: string | undefined
  const line = (node: Node) => (node.position?.start.line ?? 1) + ctx.lineOffset

  visit(tree, (node, index, parent) => {
    if (node.type === 'blockquote' && parent && index !== undefined) {
      const callout = alertToCallout(node)
      if (callout) {
        parent.children[index] = callout
        // Skip the old node's children and visit the replacement instead, so what
        // is inside (links, headings) is handled exactly once.
        return [SKIP, index]
      }
    }
    if (node.type === 'heading') {
      const text = toString(node)
      const id = slugger.slug(text) || `section-${toc.length + 1}`
      node.data = { ...node.data, hProperties: { id } }
      toc.push({ id, depth: node.depth, text })
      if (node.depth === 1) firstHeading ??= text
    } else if (node.type === 'link' || node.type === 'definition') {
      node.url = resolveLink(node.url, ctx.link)
      if (isCheckable(node.url)) links.push({ url: node.url, line: line(node), kind: 'link' })
    } else if (node.type === 'image') {
      node.url = resolveLink(node.url, ctx.link)
      if (node.url.startsWith('/')) links.push({ url: node.url, line: line(node), kind: 'image' })
    } else if (node.type === 'code') {
      codeNodes.push(node)
    } else if (node.type === 'containerComponent' || node.type === 'leafComponent' || node.type === 'textComponent') {
      if (!isKnownComponent(node.name)) {
        warnings.push({ file: ctx.file, line: line(node), message: `unknown component "${node.name}": its content renders without it` })
      }
      for (const attr of linkAttributes) {
        const value = node.attributes?.[attr]
        if (typeof value !== 'string' || !node.attributes) continue
        const resolved = resolveLink(value, ctx.link)
        node.attributes[attr] = resolved
        if (isCheckable(resolved)) links.push({ url: resolved, line: line(node), kind: 'link' })
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
    toc,
    code,
    palette: palette.colors,
    links,
    warnings,
    ...(firstHeading ? { firstHeading } : {}),
    ...(firstParagraph ? { firstParagraph: toString(firstParagraph).replace(/\s+/g, ' ').trim() } : {}),
  }
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
