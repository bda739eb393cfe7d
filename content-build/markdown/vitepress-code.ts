/**
 * VitePress's code fence extras, as far as the stored code blocks carry them (a block
 * has highlighted lines, not diff, focus or error colours, nor line numbers):
 * - `ts:line-numbers=2 {1}` loses its line-numbers mark, which would make the language unknown;
 * - Shiki's notation comments (`// [!code highlight]`, `[!code ++]`, `[!code --]`,
 *   `[!code focus:3]`, `[!code error]`, `[!code warning]`, `[!code word:x]`) go from the
 *   code, and the lines they mark are highlighted.
 */
const LINE_NUMBERS = /:(?:no-)?line-numbers(?:=\d+)?/

/** A fence's opening line without VitePress's line-numbers mark. */
export function withoutLineNumbers(line: string): string {
  return line.replace(LINE_NUMBERS, '')
}

const NOTATION = /\[!code (highlight|hl|\+\+|--|focus|error|warning|word:[^\]]*)(?::(\d+))?\]/
/** A comment's opening right before a notation, which goes with it when nothing else is in the comment. */
const OPENER = /[ \t]*(?:\/\/|\/\*|<!--|#|--|;|%|')[ \t]*$/
const CLOSER = /^[ \t]*(?:\*\/|-->)?[ \t]*$/

export interface CodeNotation {
  /** The line without its notations. */
  text: string
  /** How many lines from this one are marked (0 for a word mark, which only colours a word). */
  lines: number
  /** The line held nothing but the notation's comment: it goes, and the mark applies to the lines below. */
  alone: boolean
}

/** Reads a code line's notation comments; undefined when it has none. */
export function codeNotation(line: string): CodeNotation | undefined {
  let text = line
  let lines = 0
  for (let match = NOTATION.exec(text); match; match = NOTATION.exec(text)) {
    if (!match[1]?.startsWith('word:')) lines = Math.max(lines, Number(match[2] ?? 1) || 1)
    let before = text.slice(0, match.index)
    let after = text.slice(match.index + match[0].length)
    const opener = OPENER.exec(before)
    if (opener && CLOSER.test(after)) {
      before = before.slice(0, opener.index)
      after = ''
    }
    text = after ? before + after : before.trimEnd()
  }
  if (text === line) return undefined
  return { text, lines, alone: !text.trim() }
}

/** A fence's opening line with these lines highlighted too, merged into its `{1,4-6}`. */
export function withHighlights(line: string, highlights: readonly number[]): string {
  const list = highlights.join(',')
  const existing = /\{([\d,\s-]+)\}/.exec(line)
  if (existing) return `${line.slice(0, existing.index)}{${existing[1]?.trim()},${list}}${line.slice(existing.index + existing[0].length)}`
  return `${line.trimEnd()} {${list}}`
}
