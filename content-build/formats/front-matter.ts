import { isMap, LineCounter, parseDocument } from 'yaml'

import { isRecord } from '../../src/contract/is-record'
import type { ContentIssue } from '../errors'
import { explainYamlError, unresolvedAlias } from './yaml-errors'

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
    const end = frontMatterEnd(rest)
    return end
      ? { file, line: end.lastField + 1, message: 'the front matter opened on line 1 is never closed: add a "---" line after this one' }
      : { file, line: 1, message: 'the front matter opened here is never closed: add a "---" line after its last field' }
  }
  const yamlText = rest.slice(0, match.index)
  // The body starts on the line after the closing fence; blank lines stay, so
  // Markdown line n is file line bodyLine + n - 1.
  const closeEnd = afterOpen + match.index + match[0].length
  const newline = source.slice(closeEnd).match(/^\r?\n/)?.[0] ?? ''
  const body = source.slice(closeEnd + newline.length)
  const yaml = parseYaml(file, yamlText, 2)
  if (!('data' in yaml)) return unclosedBefore(yaml, yamlText) ?? yaml
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
  const lineAt = (offset: number) => firstLine + lineCounter.linePos(offset).line - 1
  const error = doc.errors[0]
  const mistake = error ? explainYamlError(text, doc, error, lineAt) : unresolvedAlias(doc)
  if (mistake) {
    const { offset, field, message } = mistake
    return { file, line: lineAt(offset), ...(field ? { field } : {}), message }
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

/**
 * A YAML error in front matter that a later `---` closed: when the front matter seems
 * to end before the error (a blank line, then Markdown), the missing fence is the
 * mistake, not the Markdown that was read as YAML.
 */
function unclosedBefore(issue: ContentIssue, yamlText: string): ContentIssue | undefined {
  const end = frontMatterEnd(yamlText)
  if (!end || !issue.line || end.markdown + 1 > issue.line) return undefined
  // Only when nothing but blank lines and headings (or comments) lies between that
  // Markdown and the error: a field after them means the front matter goes on.
  const between = yamlText.split('\n').slice(end.markdown, issue.line - 2)
  if (between.some((line) => line.trim() && !line.trimStart().startsWith('#'))) return undefined
  const closedOn = countLines(yamlText) + 2
  return {
    file: issue.file,
    line: end.lastField + 1,
    message: `the front matter is not closed after this line, so the Markdown down to the "---" on line ${closedOn} is read as YAML: add a "---" line after this one`,
  }
}

/**
 * Where front matter seems to end when its closing `---` is missing: its last field
 * before a blank line that is followed by Markdown (a heading or a line of prose).
 * Both are line numbers within `text` counted from 1; its line 1 is the file's line 2.
 */
function frontMatterEnd(text: string): { lastField: number; markdown: number } | undefined {
  const lines = text.split('\n')
  const yamlLike = /^(\s|-(\s|$)|#(?!#* )|[^\s:][^:]*:(\s|$))/
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (!line.trim() || yamlLike.test(line) || (lines[i - 1] ?? '').trim()) continue
    const lastField = lines.slice(0, i).findLastIndex((l) => l.trim() !== '')
    return lastField === -1 ? undefined : { lastField: lastField + 1, markdown: i + 1 }
  }
  return undefined
}

function countLines(text: string): number {
  let n = 0
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++
  return n
}
