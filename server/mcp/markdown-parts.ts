/**
 * A page's Markdown cut at its headings, so a long page reaches an agent whole or in
 * named parts, never cut without saying so.
 */

/** The most characters of Markdown one answer carries (about 12,000 tokens). */
export const MAX_ANSWER_CHARS = 48_000

/** Between a section's title and its subsection's, in the names of parts (`Options › dev`). */
export const PART_SEPARATOR = ' › '

export interface Section {
  title: string
  /** The heading line and everything up to the next heading of its level or above. */
  text: string
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/

/**
 * Markdown cut before each heading of `level` (ATX: `## Title`) that stands outside
 * fenced code: the text before the first one, then each section with its heading.
 */
export function splitSections(markdown: string, level: number): { intro: string; sections: Section[] } {
  const heading = new RegExp(`^ {0,3}#{${level}}[ \\t]+(.+?)[ \\t#]*$`)
  const intro: string[] = []
  const sections: { title: string; lines: string[] }[] = []
  let lines = intro
  let fence: string | undefined
  for (const line of markdown.split('\n')) {
    const opens = FENCE.exec(line)?.[1]
    if (fence) {
      if (opens && opens[0] === fence[0] && opens.length >= fence.length && line.trim() === opens) fence = undefined
    } else if (opens) {
      fence = opens
    } else {
      const title = heading.exec(line)?.[1]
      if (title !== undefined) {
        lines = []
        sections.push({ title: headingText(title), lines })
      }
    }
    lines.push(line)
  }
  return { intro: intro.join('\n').trimEnd(), sections: sections.map((s) => ({ title: s.title, text: s.lines.join('\n').trimEnd() })) }
}

/** A heading as a reader reads it: no `{#id}` or MDC attributes, no emphasis or code marks. */
export function headingText(raw: string): string {
  return raw
    .replace(/\s*\{[^}]*\}\s*$/, '')
    .replace(/[*_`]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
}

/** Titles compared as a reader would ask for them: case, spaces and marks aside. */
export const sameTitle = (a: string, b: string) => fold(a) === fold(b)
const fold = (text: string) => headingText(text).toLowerCase().replace(/\s+/g, ' ')

export interface PageParts {
  /** The Markdown returned. */
  text: string
  /** Every h2 section of the page, with its size, so an agent can ask for the ones it needs. */
  outline: { title: string; chars: number; subsections?: string[] }[]
  /** How the text relates to the page: all of it, or the named parts listed in `returned`. */
  whole: boolean
  returned: string[]
  /** Parts asked for that did not fit beside the others: to ask for in another call. */
  left: string[]
}

/** Why the sections asked for cannot be answered (a title the page does not have). */
export class UnknownSection extends Error {
  override name = 'UnknownSection'
}

/**
 * What `get_page` returns of a page's Markdown: the whole page when it fits in
 * `max` characters and no sections are asked for; else the sections asked for (h2
 * titles, or `h2 › h3` for a subsection), as many as fit, in the page's order, the rest
 * named in `left`; a page too long to return whole gives its intro and its outline.
 * A section too long on its own gives its own intro and its subsections' names; only a
 * subsection longer than `max` by itself is cut, and the cut is said in the text.
 */
export function pageParts(markdown: string, wanted: readonly string[] | undefined, { max = MAX_ANSWER_CHARS, rawUrl }: { max?: number; rawUrl: string }): PageParts {
  const { intro, sections } = splitSections(markdown, 2)
  const outline = sections.map((s) => {
    const subsections = splitSections(s.text, 3).sections.map((sub) => sub.title)
    return { title: s.title, chars: s.text.length, ...(subsections.length ? { subsections } : {}) }
  })
  if (!wanted?.length) {
    if (markdown.length <= max) return { text: markdown, outline, whole: true, returned: [], left: [] }
    const note = `\n\n> This page is ${markdown.length.toLocaleString('en')} characters long, more than one answer holds (${max.toLocaleString('en')}): here is its introduction. Ask again with \`sections\` naming the parts you need (see the outline); the whole page is at ${rawUrl}.\n`
    return { text: `${fit(intro, max - note.length, rawUrl)}${note}`, outline, whole: false, returned: ['introduction'], left: [] }
  }
  const parts = wanted.map((name) => partNamed(sections, name))
  const chosen = [...new Set(parts)].sort((a, b) => a.order - b.order)
  const texts: string[] = []
  const returned: string[] = []
  const left: string[] = []
  let used = 0
  for (const part of chosen) {
    let text = part.text
    if (text.length > max) text = tooLong(part, max, rawUrl)
    if (used + text.length > max && returned.length) {
      left.push(part.name)
      continue
    }
    texts.push(text)
    returned.push(part.name)
    used += text.length + 2
  }
  return { text: texts.join('\n\n'), outline, whole: false, returned, left }
}

interface Part {
  name: string
  text: string
  order: number
  subsections: Section[]
}

function partNamed(sections: readonly Section[], name: string): Part {
  const [top, sub] = name.split(/\s*(?:›|>)\s*/, 2)
  const i = sections.findIndex((s) => sameTitle(s.title, top ?? ''))
  const section = sections[i]
  if (!section) throw new UnknownSection(`no section "${name}" on this page; its sections are: ${sections.map((s) => `"${s.title}"`).join(', ') || 'none (ask without sections)'}`)
  const subsections = splitSections(section.text, 3).sections
  if (sub === undefined) return { name: section.title, text: section.text, order: i * 1000, subsections }
  const j = subsections.findIndex((s) => sameTitle(s.title, sub))
  const subsection = subsections[j]
  if (!subsection) {
    throw new UnknownSection(`no subsection "${sub}" in "${section.title}"; its subsections are: ${subsections.map((s) => `"${s.title}"`).join(', ') || 'none'}`)
  }
  return { name: `${section.title}${PART_SEPARATOR}${subsection.title}`, text: subsection.text, order: i * 1000 + j + 1, subsections: [] }
}

/** A part longer than one answer: its introduction and the names of its subsections, or (with none) its start, cut where it says so. */
function tooLong(part: Part, max: number, rawUrl: string): string {
  if (part.subsections.length) {
    const { intro } = splitSections(part.text, 3)
    const names = part.subsections.map((s) => `- ${part.name}${PART_SEPARATOR}${s.title} (${s.text.length.toLocaleString('en')} characters)`).join('\n')
    const note = `\n\n> "${part.name}" is ${part.text.length.toLocaleString('en')} characters long, more than one answer holds: here is its introduction. Ask for its subsections by name:\n\n${names}\n`
    return `${fit(intro, max - note.length, rawUrl)}${note}`
  }
  return fit(part.text, max, rawUrl)
}

/** `text` when it fits in `max`; else its start, cut at a line, with a line that says so and where the rest is. */
function fit(text: string, max: number, rawUrl: string): string {
  if (text.length <= max) return text
  const note = `\n\n> [cut here: ${text.length.toLocaleString('en')} characters in all; the rest is at ${rawUrl}]`
  const room = Math.max(0, max - note.length)
  const cut = text.lastIndexOf('\n', room)
  return `${text.slice(0, cut > 0 ? cut : room)}${note}`
}
