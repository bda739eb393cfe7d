import type { Heading, Root } from 'mdast'
import { toString } from 'mdast-util-to-string'
import type { Node } from 'unist'

import type { SearchSection } from '../../src/contract/content/build-output'

export type { SearchSection }

/**
 * A search record: one per page intro and one per heading, so a search hit lands on
 * the right part of a long page.
 */

/** Blocks whose text is not prose: code is noise in search results, raw HTML is never shown. */
const SKIPPED = new Set(['code', 'html', 'yaml', 'toml'])
const BLOCKS = new Set(['paragraph', 'blockquote', 'list', 'listItem', 'table', 'tableRow', 'tableCell', 'containerComponent', 'leafComponent', 'thematicBreak', 'break'])

/**
 * Splits a page into sections at every heading, in document order (headings inside
 * components such as `::steps` count too). The ancestor titles follow the heading
 * levels: an h1 clears them, a shallower heading truncates them, a heading at the
 * same level replaces the last one.
 */
export function sectionsFromTree(tree: Root, page: { path: string; title: string }): SearchSection[] {
  const sections: SearchSection[] = []
  // Ancestors as (level, title); the page title acts as the level-1 ancestor.
  let stack: { level: number; title: string }[] = [{ level: 1, title: page.title }]
  let current: SearchSection = { id: page.path, title: page.title, titles: [], content: '', level: 1 }
  const parts: string[] = []

  const flush = () => {
    current.content = parts.join('').replace(/\s+/g, ' ').trim()
    parts.length = 0
    sections.push(current)
  }

  const walk = (node: Node) => {
    if (isHeading(node)) {
      const heading = node
      flush()
      const level = heading.depth
      const title = toString(heading)
      if (level === 1) stack = []
      else stack = stack.filter((a) => a.level < level)
      const id = headingId(heading)
      current = { id: id ? `${page.path}#${id}` : page.path, title, titles: stack.map((a) => a.title), content: '', level }
      stack.push({ level, title })
      return
    }
    if (SKIPPED.has(node.type)) return
    if ('value' in node && typeof node.value === 'string' && (node.type === 'text' || node.type === 'inlineCode')) {
      parts.push(node.value)
    }
    if ('children' in node && Array.isArray(node.children)) {
      for (const child of node.children) walk(child)
    }
    if (BLOCKS.has(node.type)) parts.push(' ')
  }

  for (const child of tree.children) walk(child)
  flush()
  // The page's own section stays even when the page opens with a heading: it is what a
  // search for the page's title finds (and the build gives it the page's description).
  return sections
}

function isHeading(node: Node): node is Heading {
  return node.type === 'heading' && 'depth' in node
}

function headingId(heading: Heading): string | undefined {
  const props = heading.data?.hProperties
  const id = props && 'id' in props ? props.id : undefined
  return typeof id === 'string' ? id : undefined
}
