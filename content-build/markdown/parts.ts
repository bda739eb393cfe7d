import type { Root, RootContent } from 'mdast'
import { visit } from 'unist-util-visit'

import type { BodyPart } from '../../src/contract/content/body'

/** Bodies longer than this (characters of Markdown) are stored with the places they can be parsed apart. */
export const PART_CHARS = 8_000
/** The first part, drawn with the page, ends at the first heading this far in. */
export const FIRST_PART_CHARS = 3_000

/**
 * Where a long stored body can be parsed in pieces (the renderer parses the first and
 * draws it, then the next, so a 2,500-line page does not wait for its last line):
 * the start of a top-level block at least PART_CHARS after the previous cut, preferring
 * a heading, with the headings and code blocks before it (the renderer numbers them by
 * document order). The link reference definitions of the whole body are kept apart,
 * since any part may use them. A body with footnotes is not cut: their references and
 * definitions are numbered across the whole page.
 *
 * `tree` is `value` parsed, or a tree of the same shape whose offsets `locate` turns
 * into offsets in `value` (the source before URL edits: see `shiftedOffsets`).
 */
export function splitBody(value: string, tree: Root, locate: (offset: number) => number | undefined = (offset) => offset): { parts: BodyPart[]; definitions: string } | undefined {
  if (value.length <= PART_CHARS) return undefined
  const offset = (at: number | undefined) => (at === undefined ? undefined : locate(at))
  let footnotes = false
  const definitions: string[] = []
  visit(tree, (node) => {
    if (node.type === 'footnoteDefinition' || node.type === 'footnoteReference') footnotes = true
    if (node.type !== 'definition') return
    const start = offset(node.position?.start.offset)
    const end = offset(node.position?.end.offset)
    if (start !== undefined && end !== undefined) definitions.push(value.slice(start, end))
  })
  if (footnotes) return undefined

  const parts: BodyPart[] = []
  let headings = 0
  let codes = 0
  let last = 0
  const children = tree.children
  for (let i = 0; i < children.length; i++) {
    const child = children[i] as RootContent
    const at = offset(child.position?.start.offset)
    if (at === undefined) return undefined
    // The first part is what the first screen shows, about; the later ones are larger.
    const size = parts.length ? PART_CHARS : FIRST_PART_CHARS
    const far = at - last >= size
    // At a heading once far enough, or at any block once twice as far.
    if (i > 0 && ((far && child.type === 'heading') || at - last >= 2 * size)) {
      parts.push({ at, headings, codes })
      last = at
    }
    visit(child, (node) => {
      if (node.type === 'heading') headings++
      else if (node.type === 'code') codes++
    })
  }
  return parts.length ? { parts, definitions: definitions.join('\n') } : undefined
}

/**
 * Where offsets of a source land once `edits` (sorted, disjoint) are applied to it;
 * undefined for an offset strictly inside an edit, which has no place in the result.
 */
export function shiftedOffsets(edits: readonly { start: number; end: number; text: string }[]): (offset: number) => number | undefined {
  return (offset) => {
    let shift = 0
    for (const edit of edits) {
      if (edit.start >= offset) break
      if (edit.end > offset) return undefined
      shift += edit.text.length - (edit.end - edit.start)
    }
    return offset + shift
  }
}
