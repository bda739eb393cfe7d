import { defaultUrlTransform } from 'react-markdown'

import { componentName, componentUrlProps, isHtmlAttribute, isHtmlComponent } from '@/contract/content/mdc-components'

import type { HastNode } from './body-tree'

/**
 * What an element made from an MDC component is drawn as. remark-mdc names each
 * component's element after the component, so an element named `input` or `script`
 * could be either Markdown's own or an author's `:input`; the mark below, set on the
 * components alone before the tree becomes HTML, tells them apart.
 */

/** The property marking an element written as a component: `inline` (`:name`) or `block` (`::name`). */
const MARK = 'mdcComponent'

/** The elements an unknown component becomes: a labelled frame around its content. */
export const UNKNOWN_BLOCK = 'mdc-unknown'
export const UNKNOWN_INLINE = 'mdc-unknown-inline'

/** The component's name on its frame. */
export const UNKNOWN_NAME = 'dataComponent'

/** Props an unknown component's frame shows besides the URL ones: its title, as text. */
const SHOWN_PROPS = ['title', 'label'] as const

/** HTML elements of the safe list that cannot sit in a paragraph (`:hr` alone on its line). */
const BLOCK_HTML: ReadonlySet<string> = new Set(['blockquote', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure', 'hr', 'li', 'ol', 'p', 'section', 'summary', 'ul'])

interface MdastLike {
  type: string
  data?: { hProperties?: Record<string, unknown> }
  children?: MdastLike[]
}

/** Markdown nodes whose children are phrasing: a component in one is drawn inline. */
const PHRASING_PARENTS: ReadonlySet<string> = new Set([
  'paragraph',
  'heading',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'tableCell',
  'textComponent',
  'leafComponent',
])

/**
 * A remark plugin run after remark-mdc: marks the component nodes, whose elements the
 * tree walk then resolves. An inline component alone on its line (`:link-example{…}`),
 * which remark-mdc takes out of its paragraph, is a block.
 */
export function remarkMarkComponents() {
  return (tree: MdastLike) => {
    const mark = (node: MdastLike, parent: MdastLike | undefined) => {
      if (node.type === 'containerComponent' || node.type === 'leafComponent' || node.type === 'textComponent') {
        const data = (node.data ??= {})
        const inline = node.type === 'textComponent' && PHRASING_PARENTS.has(parent?.type ?? '')
        data.hProperties = { ...data.hProperties, [MARK]: inline ? 'inline' : 'block' }
      }
      for (const child of node.children ?? []) mark(child, node)
    }
    mark(tree, undefined)
  }
}

/** Whether an element was written as a component (and its mark, which it then loses). */
export function takeMark(node: HastNode): 'inline' | 'block' | undefined {
  const value = node.properties?.[MARK]
  if (value === undefined) return undefined
  delete node.properties?.[MARK]
  return value === 'inline' ? 'inline' : 'block'
}

/**
 * Resolves an element written as a component, in place: the site's own component keeps
 * its name and props; an alias (`prose-note`) becomes its block; an HTML name of the safe
 * list keeps only that element's safe attributes; any other name becomes a labelled frame.
 * Every URL prop goes through the transform Markdown links go through (the tree walk
 * drops event handlers from every element).
 */
export function resolveComponent(node: HastNode, mark: 'inline' | 'block', siteComponents: ReadonlySet<string>) {
  const name = node.tagName ?? ''
  const properties = (node.properties ??= {})
  const resolved = siteComponents.has(name) ? name : componentName(name)
  if (resolved && isHtmlComponent(resolved) && !siteComponents.has(name)) {
    for (const key of Object.keys(properties)) if (!isHtmlAttribute(resolved, key)) delete properties[key]
    // A block element written inline among text (`:div[x]`) cannot sit in its paragraph.
    node.tagName = mark === 'inline' && BLOCK_HTML.has(resolved) ? 'span' : resolved
    // `::p` holds its text as a paragraph, which cannot sit in another.
    if (node.tagName === 'p' || node.tagName === 'summary') node.children = node.children?.flatMap((child) => (child.tagName === 'p' ? (child.children ?? []) : [child]))
    return
  }
  if (resolved) {
    node.tagName = resolved
  } else {
    node.tagName = mark === 'inline' ? UNKNOWN_INLINE : UNKNOWN_BLOCK
    const kept: Record<string, unknown> = { [UNKNOWN_NAME]: name }
    for (const key of [...componentUrlProps, ...SHOWN_PROPS]) if (typeof properties[key] === 'string') kept[key] = properties[key]
    node.properties = kept
  }
  for (const key of componentUrlProps) if (Object.hasOwn(node.properties, key)) node.properties[key] = defaultUrlTransform(String(node.properties[key] ?? ''))
}

/**
 * A paragraph holding nothing but one component that draws a block (`:hr`, or an unknown
 * `:link-example{…}` alone on its line): that component, written as a block, since a
 * block cannot sit in a paragraph.
 */
export function loneBlock(paragraph: HastNode, siteComponents: ReadonlySet<string>): HastNode | undefined {
  const children = paragraph.children ?? []
  const elements = children.filter((child) => child.type === 'element')
  const only = elements[0]
  if (elements.length !== 1 || !only?.tagName || only.properties?.[MARK] !== 'inline') return undefined
  if (children.some((child) => child.type === 'text' && (child as HastNode & { value?: string }).value?.trim())) return undefined
  if (siteComponents.has(only.tagName)) return undefined
  const resolved = componentName(only.tagName)
  if (resolved && !(isHtmlComponent(resolved) && BLOCK_HTML.has(resolved))) return undefined
  only.properties = { ...only.properties, [MARK]: 'block' }
  return only
}
