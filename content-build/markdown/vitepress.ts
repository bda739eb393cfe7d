import type { ContentIssue } from '../errors'
import { codeNotation, withHighlights, withoutLineNumbers } from './vitepress-code'
import type { LineOrigin, SourceFiles } from './vitepress-files'
import { expandIncludes, type Lines, missingNote, parseSnippet, snippetLines, type Warn } from './vitepress-include'
import { type VueKind, type VueState, withoutVue } from './vitepress-vue'

export type { LineOrigin, SourceFiles } from './vitepress-files'

/**
 * VitePress's Markdown extensions, rewritten to the MDC the renderer knows, line for
 * line where they can be (so every warning still points at the author's line):
 * - `::: tip|info|warning|danger|details|note|important|caution [title] {attrs}` … `:::`
 *   containers, nested with more colons, become callouts (`info` a note, `danger` a
 *   caution) or a collapsible (`details`), the title kept; `::: code-group` becomes
 *   `::code-group` (its fences' `[label]`s name the tabs); `::: raw` and `::: v-pre`
 *   keep their content as plain Markdown (`{{ }}` inside v-pre shown as written);
 * - `<Badge type="tip" text="v3" />` and `<Badge>beta</Badge>` become `:badge[…]`;
 * - `[[toc]]` is dropped: every docs page shows its table of contents beside it;
 * - code fences: see vitepress-code.ts.
 * With the page's files: `<!--@include: …-->` and `<<< snippet` lines are expanded
 * (vitepress-include.ts); the result then says where each line came from. In a VitePress
 * tree, Vue-only syntax is left out (vitepress-vue.ts) with one warning per kind.
 */
const OPEN = /^([ \t]*)(:{3,})[ \t]*(tip|info|warning|danger|details|note|important|caution|code-group|raw|v-pre)(?=[ \t{]|$)[ \t]*(.*?)[ \t]*$/
const CLOSE = /^([ \t]*)(:{2,})[ \t]*$/
/** An MDC component block (`::card`, `:::code-preview{…}` nested in one). */
const MDC_OPEN = /^[ \t]*(:{2,})[A-Za-z$][\w.-]*(?=[ \t{]|$)/
const FENCE = /^[ \t]*(`{3,}|~{3,})/
const SNIPPET = /^([ \t]*)<<<[ \t]/
const BADGE = /<Badge\b([^>]*?)(?:\/>|>([^<]*)<\/Badge>)/g
const KIND: Record<string, string> = { info: 'note', danger: 'caution', details: 'collapsible' }
const BADGE_COLOR: Record<string, string> = { info: 'info', tip: 'primary', warning: 'warning', danger: 'error' }
const VUE_WARNING: Record<VueKind, (name: string) => string> = {
  block: (name) => `Vue block "${name}" left out: VitePress runs it in the browser; this site draws the page's Markdown only`,
  component: (name) => `Vue component "${name}" left out: this site cannot draw it; Markdown inside its tags stays`,
  interpolation: (name) => `Vue interpolation "${name}" left out: this site does not evaluate Vue expressions`,
}

const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
const attribute = (attributes: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*(["'])(.*?)\\1`).exec(attributes)?.[2]

export function hasVitepressSyntax(source: string): boolean {
  return /^[ \t]*:{3,}[ \t]*(tip|info|warning|danger|details|note|important|caution|code-group|raw|v-pre)\b|<Badge\b|^\[\[toc\]\][ \t]*$|\[!code |:(?:no-)?line-numbers\b/m.test(
    source,
  )
}

export interface VitepressOptions {
  /** The page's display path and its Markdown's first line less one, for warnings. */
  file?: string
  lineOffset?: number
  /** A page of a VitePress tree: Vue-only syntax is left out. */
  vue?: boolean
  /** Reads `<<<` snippets and `@include`d files; without it those lines stay as written. */
  files?: SourceFiles
}

export interface VitepressResult {
  value: string
  /** Where each line of `value` came from, when lines were added or removed (undefined: line for line). */
  origins?: LineOrigin[]
  warnings: ContentIssue[]
}

interface OpenContainer {
  colons: number
  /** Written as an MDC component (raw and v-pre containers are not). */
  mdc: boolean
  kind: string
  /**
   * An MDC block as its author wrote it (`::tip` holding `:::code-group`): kept as
   * written, and so is every block inside it, a `:::note` included, which is MDC's
   * nesting there and not a VitePress container.
   */
  author?: true
}

interface OpenFence {
  marker: string
  /** Index of its opening line in the output. */
  at: number
  /** Code lines so far, and the lines they mark. */
  lines: number
  highlights: number[]
  /** Lines still marked by a notation alone on its line above. */
  pending: number
  /** Terminal output (`ansi`), whose colour codes the highlighter cannot read: they go. */
  ansi: boolean
}

export function vitepressToMdc(source: string, options: VitepressOptions = {}): VitepressResult {
  const { vue = false, files, lineOffset = 0 } = options
  const hasFiles = Boolean(files && /^[ \t]*<<<[ \t]|@include:/m.test(source))
  if (!vue && !hasFiles && !hasVitepressSyntax(source)) return { value: source, warnings: [] }
  const warnings: ContentIssue[] = []
  const warn: Warn = (origin, message) =>
    warnings.push(origin.file ? { file: origin.file, line: origin.line, message } : { file: options.file ?? '', line: origin.line + lineOffset, message })
  const sourceLines = source.split('\n')
  let input: Lines = { lines: sourceLines, origins: sourceLines.map((_, i) => ({ line: i + 1, pageLine: i + 1 })) }
  if (files && source.includes('@include:')) input = expandIncludes(input, files, warn)
  let reshaped = input.lines.length !== sourceLines.length || input.origins.some((origin, i) => origin.file || origin.pageLine !== i + 1)

  const out: Lines = { lines: [], origins: [] }
  const open: OpenContainer[] = []
  const vueState: VueState = {}
  const vueFound = new Map<VueKind, { origin: LineOrigin; names: Set<string>; count: number }>()
  let fence: OpenFence | undefined
  const { lines, origins } = input
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] ?? ''
    const origin = origins[i] ?? { line: i + 1, pageLine: i + 1 }
    const push = (text: string) => {
      out.lines.push(text)
      out.origins.push(origin)
    }
    const marker = FENCE.exec(line)?.[1]
    if (fence) {
      if (marker && marker[0] === fence.marker[0] && marker.length >= fence.marker.length && line.trim() === marker) {
        if (fence.highlights.length) out.lines[fence.at] = withHighlights(out.lines[fence.at] ?? '', fence.highlights)
        fence = undefined
        push(line)
        continue
      }
      const notation = codeNotation(line)
      if (notation?.alone) {
        fence.pending = Math.max(fence.pending, notation.lines)
        reshaped = true
        continue
      }
      fence.lines++
      if (fence.pending > 0 || (notation?.lines ?? 0) > 0) fence.highlights.push(fence.lines)
      fence.pending = Math.max(fence.pending - 1, (notation?.lines ?? 0) - 1)
      const code = notation ? notation.text : line
      // eslint-disable-next-line no-control-regex -- the escape character starts what this removes
      push(fence.ansi ? code.replace(/\u001b\[[\d;]*[A-Za-z]/g, '') : code)
      continue
    }
    const vPre = open.some((container) => container.kind === 'v-pre')
    if (line.includes('<Badge')) line = badges(line)
    if (vue && !vPre) {
      line = withoutVue(line, vueState, (kind, name) => {
        const seen = vueFound.get(kind)
        if (seen) seen.count++
        else vueFound.set(kind, { origin, names: new Set(), count: 1 })
        vueFound.get(kind)?.names.add(name)
      })
    }
    // Read again: what Vue syntax hid (a comment, a script block) opens no fence.
    const opener = FENCE.exec(line)?.[1]
    if (opener) {
      fence = { marker: opener, at: out.lines.length, lines: 0, highlights: [], pending: 0, ansi: /^[ \t]*[`~]+[ \t]*ansi\b/.test(line) }
      push(withoutLineNumbers(line))
      continue
    }
    const snippet = files && SNIPPET.exec(line)
    if (snippet && files) {
      const generated = snippetBlock(
        line,
        snippet[1] ?? '',
        files,
        open.some((container) => container.kind === 'code-group'),
        (message) => warn(origin, message),
      )
      if (generated) {
        lines.splice(i + 1, 0, ...generated)
        origins.splice(i + 1, 0, ...generated.map(() => origin))
        reshaped = true
        continue
      }
    }
    const inAuthored = open.some((container) => container.author)
    const authored = MDC_OPEN.exec(line)
    const opening = OPEN.exec(line)
    if (authored && (inAuthored || !opening)) {
      open.push({ colons: authored[1]?.length ?? 2, mdc: false, kind: 'mdc', author: true })
      push(line)
      continue
    }
    if (opening) {
      const [, indent = '', colons = ':::', type = 'tip', rest = ''] = opening
      const depth = open.filter((container) => container.mdc).length
      const mdc = type !== 'raw' && type !== 'v-pre'
      open.push({ colons: colons.length, mdc, kind: type })
      if (!mdc) {
        push('')
        continue
      }
      const kind = KIND[type] ?? type
      // `{open}`, `{no-title}`: markdown-it attributes, which the callouts do not take.
      const title = rest.replace(/[ \t]*\{[^}]*\}$/, '')
      const attrs = title && kind !== 'code-group' ? `{${kind === 'collapsible' ? 'name' : 'title'}=${quote(title)}}` : ''
      push(`${indent}${':'.repeat(2 + depth)}${kind}${attrs}`)
      continue
    }
    const closing = CLOSE.exec(line)
    if (closing && open.length && (closing[2]?.length ?? 0) >= (open.at(-1)?.colons ?? 3)) {
      const closed = open.pop()
      if (closed?.author) {
        push(line)
        continue
      }
      const depth = open.filter((container) => container.mdc).length
      push(closed?.mdc ? `${closing[1] ?? ''}${':'.repeat(2 + depth)}` : '')
      continue
    }
    if (line.trim() === '[[toc]]') {
      push('')
      continue
    }
    // VitePress shows `{{ }}` inside v-pre as written; MDC would read it as a binding.
    push(vPre ? line.replace(/(^|[^\\])\{\{/g, '$1\\{{') : line)
  }
  // One warning per kind and page, at the first: the rest are the same decision.
  for (const [kind, { origin, names, count }] of vueFound) {
    const [first = '', ...others] = names
    const also = kind === 'component' && others.length ? `; also ${others.join(', ')}` : ''
    warn(origin, `${VUE_WARNING[kind](first)}${count > 1 ? ` (${count} on this page, the first here${also})` : ''}`)
  }
  return { value: out.lines.join('\n'), ...(reshaped ? { origins: out.origins } : {}), warnings }
}

function badges(line: string): string {
  return line.replace(BADGE, (_, attributes: string, inner?: string) => {
    const label = (inner ?? attribute(attributes, 'text') ?? '').trim()
    const color = BADGE_COLOR[attribute(attributes, 'type') ?? 'tip'] ?? 'primary'
    return `:badge[${label.replace(/[[\]]/g, '\\$&')}]{color=${quote(color)}}`
  })
}

/**
 * The fenced block a `<<<` line imports, or a visible note where the file cannot be
 * read (inside a code group, a block saying so, since a group shows only code).
 * Undefined when the line is not a snippet after all.
 */
function snippetBlock(line: string, indent: string, files: SourceFiles, inGroup: boolean, warn: (message: string) => void): string[] | undefined {
  const snippet = parseSnippet(line)
  if (!snippet) return undefined
  const imported = snippetLines(snippet, files)
  const label = inGroup || snippet.explicitTitle ? ` [${snippet.title}]` : ''
  if (!Array.isArray(imported)) {
    warn(`code snippet "${snippet.written}" not read: ${imported.error}`)
    const text = `The code snippet \`${snippet.written}\` could not be read: ${imported.error}.`
    return inGroup ? [`${indent}\`\`\`text${label}`, `${indent}${text.replaceAll('`', '')}`, `${indent}\`\`\``] : missingNote(indent, text)
  }
  // Longer than any backtick run opening a line of the code, so none of them closes it.
  const longest = Math.max(2, ...imported.map((text) => /^[ \t]*(`+)/.exec(text)?.[1]?.length ?? 0))
  const ticks = '`'.repeat(longest + 1)
  const info = `${snippet.lang}${snippet.highlights ? ` {${snippet.highlights}}` : ''}${label}`
  return [`${indent}${ticks}${info}`, ...imported.map((text) => (text ? indent + text : text)), `${indent}${ticks}`]
}

/**
 * Maps lines of the converted Markdown (as transformTree numbers them: plus `lineOffset`)
 * back to the author's: the page's line, or an included file's.
 */
export function authorLines(origins: readonly LineOrigin[] | undefined, lineOffset: number) {
  const at = (line: number | undefined) => (line === undefined ? undefined : origins?.[line - lineOffset - 1])
  return {
    /** A warning about a line of the converted Markdown, about the author's line instead. */
    issue(issue: ContentIssue): ContentIssue {
      const origin = at(issue.line)
      if (!origin) return issue
      return origin.file ? { ...issue, file: origin.file, line: origin.line } : { ...issue, line: origin.line + lineOffset }
    },
    /** A line of the page's Markdown (a link's, which the page reports). */
    pageLine(line: number): number {
      const origin = at(line)
      return origin ? origin.pageLine + lineOffset : line
    },
  }
}
