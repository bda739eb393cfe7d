import { dirname, extname, isAbsolute, join, relative, resolve } from 'node:path'

import { headingIds } from './heading-ids'

/**
 * What VitePress reads from other files of the tree: `<<< file` code snippets and
 * `<!--@include: file-->` Markdown, with their line selections (`#region`, `{3,}`, a
 * heading's id). Pure: the page's `SourceFiles` does the reading.
 */

/** Where a line of the expanded page came from, so warnings keep pointing at the author's lines. */
export interface LineOrigin {
  /** The line in `file`, or in the page's Markdown when `file` is absent (1-based). */
  line: number
  /** Display path of the included file the line came from. */
  file?: string
  /** The page's own Markdown line it stands for (an include directive's, for included lines). */
  pageLine: number
}

/** File access for snippets and includes (VitePress trees only). */
export interface SourceFiles {
  /** Absolute path of the page's real file: relative paths start from its folder. */
  page: string
  /** The source root `@` stands for: the tree's folder. Nothing outside it is read. */
  root: string
  /** A file's text, or undefined when it cannot be read. */
  read: (path: string) => string | undefined
  /** How a warning names a file. */
  display: (path: string) => string
}

/**
 * The absolute path `written` names (`@/snippets/a.js` from the source root, `../a.js`
 * from `from`'s folder), or why it is not read. A tree's Markdown cannot read files
 * outside the tree: the build publishes what it reads.
 */
export function resolveSource(files: SourceFiles, written: string, from: string): { path: string } | { error: string } {
  const path = written.startsWith('@') ? join(files.root, written.slice(/^@[\\/]/.test(written) ? 2 : 1)) : resolve(dirname(from), written)
  const inside = relative(files.root, path)
  if (!inside || inside.startsWith('..') || isAbsolute(inside)) return { error: 'it is outside the docs folder' }
  return { path }
}

// A region's start and end, in the comment styles VS Code folds (`// #region name`,
// `/* #region name */`, `<!-- #region name -->`, `#pragma region name`, `# region name`…).
const REGION = /^(?:\/\/|\/\*|<!--|#pragma|::|#)[ \t]*#?(end[ \t]?region|region)[ \t]+([\w.-]+)[ \t]*(?:\*\/|-->)?$/i

/** The lines of every region named `name`, in order, without the region markers. Undefined when there is none. */
export function regionLines(lines: readonly string[], name: string): number[] | undefined {
  const picked: number[] = []
  let depth = 0
  let found = false
  for (const [i, line] of lines.entries()) {
    const marker = REGION.exec(line.trim())
    if (marker) {
      if (marker[2] === name) {
        const opens = !/^end/i.test(marker[1] ?? '')
        depth = opens ? depth + 1 : Math.max(0, depth - 1)
        found ||= opens
      }
      continue
    }
    if (depth > 0) picked.push(i)
  }
  return found ? picked : undefined
}

/** Lines of a Markdown file under the heading whose id is `id`, up to the next heading of its level or above. */
export function headingSection(lines: readonly string[], id: string): number[] | undefined {
  const ids = headingIds('vitepress')
  let fence: string | undefined
  let start: { index: number; depth: number } | undefined
  for (const [i, line] of lines.entries()) {
    const marker = /^[ \t]*(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined
      continue
    }
    if (marker) {
      fence = marker
      continue
    }
    const heading = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line)
    if (!heading) continue
    const depth = heading[1]?.length ?? 1
    if (start && depth <= start.depth) return range(start.index + 1, i)
    const text = heading[2] ?? ''
    const explicit = /\{#([\w-]+)\}$/.exec(text)?.[1]
    const plain = text
      .replace(/[ \t]*\{#[\w-]+\}$/, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*_]/g, '')
    if ((explicit ?? ids.id(plain)) === id) start ??= { index: i, depth }
  }
  return start ? range(start.index + 1, lines.length) : undefined
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k)

/** Removes the common indentation of a snippet's lines (a region inside a function reads from column 0). */
export function dedent(lines: readonly string[]): string[] {
  const indents = lines.filter((line) => line.trim()).map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0)
  const common = indents.length ? Math.min(...indents) : 0
  return common ? lines.map((line) => line.slice(common)) : [...lines]
}

/** A snippet file's language when none is written: its extension (`.ts` → `ts`). */
export function languageOf(path: string): string {
  const extension = extname(path).slice(1).toLowerCase()
  return /^[a-z0-9]+$/.test(extension) ? extension : ''
}

/** A file's lines, without the line break at its end. */
export function fileLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  if (lines.length > 1 && lines.at(-1) === '') lines.pop()
  return lines
}
