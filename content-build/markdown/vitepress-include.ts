import { basename, extname } from 'node:path'

import { dedent, fileLines, headingSection, languageOf, type LineOrigin, regionLines, resolveSource, type SourceFiles } from './vitepress-files'

/** A page's lines, each with where it came from. */
export interface Lines {
  lines: string[]
  origins: LineOrigin[]
}

/** Records a warning about the line `origin` names. */
export type Warn = (origin: LineOrigin, message: string) => void

const INCLUDE = /<!--[ \t]*@include:[ \t]*(.*?)[ \t]*-->/g
const FENCE = /^[ \t]*(`{3,}|~{3,})/
/** Includes nest at most this deep: a chain longer than that is a mistake, not a design. */
const MAX_DEPTH = 16

/** The lines of a visible note standing where a file could not be read. */
export const missingNote = (indent: string, text: string) => ['', '::warning', text, '::', ''].map((line) => (line ? indent + line : line))

/**
 * Expands `<!--@include: ./part.md-->` (with `{3,}` / `{,10}`, `#region` or `#heading-id`)
 * everywhere in the text, code included, before anything else reads it, as VitePress
 * does, recursively, each path relative to the file that names it. Included lines keep
 * their own file and line for warnings.
 */
export function expandIncludes(input: Lines, files: SourceFiles, warn: Warn, from = files.page, ancestors: readonly string[] = []): Lines {
  const out: Lines = { lines: [], origins: [] }
  let fence: string | undefined
  for (const [i, line] of input.lines.entries()) {
    const origin = input.origins[i] ?? { line: i + 1, pageLine: i + 1 }
    const marker = FENCE.exec(line)?.[1]
    if (fence && marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined
    else if (!fence && marker) fence = marker
    if (!line.includes('@include:')) {
      out.lines.push(line)
      out.origins.push(origin)
      continue
    }
    let current = ''
    let currentOrigin = origin
    let last = 0
    for (const match of line.matchAll(INCLUDE)) {
      current += line.slice(last, match.index)
      last = match.index + match[0].length
      const written = match[1] ?? ''
      const included = includeFile(written, origin, files, from, ancestors)
      if ('error' in included) {
        warn(origin, `included file "${written}" not read: ${included.error}`)
        if (included.keep) current += match[0]
        else if (!fence && line.trim() === match[0]) {
          const note = missingNote(/^[ \t]*/.exec(line)?.[0] ?? '', `The file \`${written}\` could not be included: ${included.error}.`)
          current += note[0]
          for (const noteLine of note.slice(1)) {
            out.lines.push(current)
            out.origins.push(currentOrigin)
            current = noteLine
          }
        }
        continue
      }
      const expanded = expandIncludes(included.lines, files, warn, included.path, [...ancestors, from])
      expanded.lines.forEach((text, k) => {
        if (k > 0) {
          out.lines.push(current)
          out.origins.push(currentOrigin)
          current = ''
        }
        // A line that is only included text is the included file's line.
        if (!current) currentOrigin = expanded.origins[k] ?? origin
        current += text
      })
    }
    out.lines.push(current + line.slice(last))
    out.origins.push(currentOrigin)
  }
  return out
}

type Included = { path: string; lines: Lines } | { error: string; keep?: true }

function includeFile(written: string, origin: LineOrigin, files: SourceFiles, from: string, ancestors: readonly string[]): Included {
  let spec = written
  const range = /\{(\d*),(\d*)\}$/.exec(spec)
  if (range) spec = spec.slice(0, range.index)
  const region = /#([^\s{]+)$/.exec(spec)?.[1]
  if (region) spec = spec.slice(0, -region.length - 1)
  const resolved = resolveSource(files, spec, from)
  if ('error' in resolved) return resolved
  const { path } = resolved
  if (path === from || ancestors.includes(path)) return { error: 'it includes itself', keep: true }
  if (ancestors.length >= MAX_DEPTH) return { error: `includes nest more than ${MAX_DEPTH} deep`, keep: true }
  const text = files.read(path)
  if (text === undefined) return { error: 'the file does not exist' }
  const all = fileLines(text)
  let picked = all.map((_, k) => k)
  // A range alone counts the front matter's lines too, as VitePress does; otherwise it goes.
  if (extname(path) === '.md' && (region || !range) && all[0] === '---') {
    const end = all.indexOf('---', 1)
    if (end > 0) picked = picked.slice(end + 1)
  }
  if (region) {
    const body = picked.map((k) => all[k] ?? '')
    const within = regionLines(body, region) ?? (extname(path) === '.md' ? headingSection(body, region) : undefined)
    if (!within) return { error: `it has no region or heading "${region}"` }
    picked = within.map((k) => picked[k] ?? 0)
  }
  if (range) {
    const start = range[1] ? Number(range[1]) : 1
    const end = range[2] ? Number(range[2]) : picked.length
    if (start < 1 || end < start || end > picked.length) return { error: `the lines {${range[1]},${range[2]}} are not in it (${picked.length} lines)` }
    picked = picked.slice(start - 1, end)
  }
  const file = files.display(path)
  return { path, lines: { lines: picked.map((k) => all[k] ?? ''), origins: picked.map((k) => ({ line: k + 1, file, pageLine: origin.pageLine })) } }
}

/**
 * `<<< @/snippets/a.js#region{1,4-6 ts:line-numbers} [label]`: a path, then an optional
 * region, highlighted lines and language in braces, and a tab label.
 */
const SNIPPET = /^<<<[ \t]+(.+?)(?:#([\w.-]+))?(?:[ \t]?\{(\d+(?:[ \t]*[,-][ \t]*\d+)*)?[ \t]*([^\s}]+)?[^}]*\})?(?:[ \t]*\[(.+)\])?[ \t]*$/

export interface Snippet {
  path: string
  region?: string
  /** The path and region as written, for messages. */
  written: string
  lang: string
  /** `1,4-6`, as written in braces. */
  highlights?: string
  /** The label written in brackets, or the file's name. */
  title: string
  explicitTitle: boolean
}

/** Reads a `<<<` line (without its indentation); undefined when it is not one. */
export function parseSnippet(line: string): Snippet | undefined {
  const match = SNIPPET.exec(line.trim())
  if (!match) return undefined
  const [, path = '', region, highlights, lang, title] = match
  const written = region ? `${path}#${region}` : path
  return {
    path,
    ...(region ? { region } : {}),
    written,
    lang: (lang ?? languageOf(path)).replace(/:.*$/, ''),
    ...(highlights ? { highlights: highlights.replace(/\s+/g, '') } : {}),
    title: title?.trim() || basename(path),
    explicitTitle: Boolean(title?.trim()),
  }
}

/** The lines a snippet imports (its region's, dedented), or why there are none. */
export function snippetLines(snippet: Snippet, files: SourceFiles): string[] | { error: string } {
  const { region } = snippet
  const resolved = resolveSource(files, snippet.path, files.page)
  if ('error' in resolved) return resolved
  const text = files.read(resolved.path)
  if (text === undefined) return { error: 'the file does not exist' }
  const lines = fileLines(text)
  if (!region) return lines
  const picked = regionLines(lines, region)
  if (!picked) return { error: `it has no region "${region}"` }
  return dedent(picked.map((k) => lines[k] ?? ''))
}
