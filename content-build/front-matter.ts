import { LineCounter, parseDocument, isMap } from 'yaml'

import type { ContentIssue } from './errors'

/**
 * Parsed YAML (front matter or a whole .yml file) that can still answer "which line
 * holds this field?", so schema errors point at the exact line in the source file.
 */
export interface ParsedYaml {
  data: Record<string, unknown>
  /** 1-based file line of the value at `path`, or of its nearest existing parent. */
  lineOf(path: readonly PropertyKey[]): number
}

export interface ParsedSource {
  yaml: ParsedYaml
  body: string
  /** 1-based file line on which the Markdown body starts. */
  bodyLine: number
}

const FENCE = /^---[ \t]*\r?\n/

/** Splits `---` front matter from a Markdown file. A file without front matter has empty data. */
export function parseMarkdownSource(file: string, source: string): ParsedSource | ContentIssue {
  if (!FENCE.test(source)) {
    return { yaml: { data: {}, lineOf: () => 1 }, body: source, bodyLine: 1 }
  }
  const afterOpen = source.indexOf('\n') + 1
  const close = /^---[ \t]*$/m
  const rest = source.slice(afterOpen)
  const match = close.exec(rest)
  if (!match) {
    return { file, line: 1, message: 'front matter starts with "---" but is never closed by a second "---" line' }
  }
  const yamlText = rest.slice(0, match.index)
  // The body starts on the line after the closing fence; blank lines stay, so
  // Markdown line n is file line bodyLine + n - 1.
  const closeEnd = afterOpen + match.index + match[0].length
  const newline = source.slice(closeEnd).match(/^\r?\n/)?.[0] ?? ''
  const body = source.slice(closeEnd + newline.length)
  const yaml = parseYaml(file, yamlText, 2)
  if (!('data' in yaml)) return yaml
  const bodyLine = countLines(source.slice(0, closeEnd)) + 2
  return { yaml, body, bodyLine }
}

/**
 * Parses YAML that starts on `firstLine` of `file`. The result must be a mapping (or
 * empty); anything else is an issue naming the line.
 */
export function parseYaml(file: string, text: string, firstLine = 1): ParsedYaml | ContentIssue {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false })
  const error = doc.errors[0]
  if (error) {
    const pos = lineCounter.linePos(error.pos[0])
    return { file, line: firstLine + pos.line - 1, message: `invalid YAML: ${error.message.split('\n')[0]}` }
  }
  const contents = doc.contents
  if (contents !== null && !isMap(contents)) {
    return { file, line: firstLine, message: 'expected key: value pairs at the top level' }
  }
  const value: unknown = doc.toJS({ maxAliasCount: 100 }) ?? {}
  const data = isRecord(value) ? value : {}
  return {
    data,
    lineOf(path) {
      for (let depth = path.length; depth > 0; depth--) {
        const node = doc.getIn(path.slice(0, depth), true)
        const range = node && typeof node === 'object' && 'range' in node ? node.range : undefined
        if (Array.isArray(range) && typeof range[0] === 'number') {
          return firstLine + lineCounter.linePos(range[0]).line - 1
        }
      }
      return firstLine
    },
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function countLines(text: string): number {
  let n = 0
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++
  return n
}
