import type { Root as HastRoot } from 'hast'
import { urlAttributes } from 'html-url-attributes'
import { defaultUrlTransform } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import remarkMdc from 'remark-mdc'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'

import type { PageBody } from '@/contract/content/body'

import { loneBlock, remarkMarkComponents, resolveComponent, takeMark } from './mdc-elements'

/**
 * A body's Markdown to the HTML tree the renderer draws: no React here, so the same
 * code runs on the main thread and in the parsing worker (parse.worker.ts).
 */

/** What parsing reads of a body: its text, where it is cut, and its headings' ids. */
export type BodySource = Pick<PageBody, 'value' | 'toc' | 'parts' | 'definitions'>

/** The hast nodes react-markdown hands to components (what the renderer reads of them). */
export interface HastNode {
  type: string
  tagName?: string
  properties?: Record<string, unknown>
  children?: HastNode[]
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMdc).use(remarkMarkComponents).use(remarkRehype, { allowDangerousHtml: true })

/**
 * Elements Markdown (GFM) produces; components' elements are resolved on their own
 * (mdc-elements.ts) and MDC's slots (`#code`) kept; anything else is unwrapped.
 */
const allowed: ReadonlySet<string> = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'em',
  'strong',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'br',
  'img',
  'input',
  'sup',
  'section',
  'div',
  'span',
])

const BREAK = /^<br\s*\/?>$/i

/**
 * The body's HTML tree, made safe and matched with its side tables: raw HTML becomes
 * text (but `<br>`), URLs go through react-markdown's transform (no `javascript:`), elements
 * outside the whitelist are replaced by their children, the i-th heading gets
 * `toc[i].id` and the i-th `<pre>` `data-code-index="i"` (document order, decided
 * before rendering so repeated renders agree).
 */
export function bodyTree(body: BodySource, part: number, siteComponents: ReadonlySet<string>): HastRoot {
  const { source, headings, codes } = partSource(body, part)
  const tree = processor.runSync(processor.parse(source)) as HastRoot
  let heading = headings
  let code = codes
  const walk = (parent: HastNode) => {
    const children = parent.children ?? []
    for (let i = 0; i < children.length; i++) {
      const node = children[i]
      if (!node) continue
      if (node.type === 'raw') {
        // Raw HTML shows as text; a line break (`a<br>b` in a table cell) is the one tag drawn.
        const value = (node as HastNode & { value: string }).value
        children[i] = (BREAK.test(value) ? { type: 'element', tagName: 'br', properties: {}, children: [] } : { type: 'text', value }) as HastNode
        continue
      }
      if (node.type !== 'element' || !node.tagName) continue
      if (node.tagName === 'p') {
        // A paragraph of one block component (`:hr` on its line) is drawn as that block, visited next.
        const lone = loneBlock(node, siteComponents)
        if (lone) {
          children[i] = lone
          i--
          continue
        }
      }
      const mark = takeMark(node)
      if (mark) {
        resolveComponent(node, mark, siteComponents)
      } else if (node.tagName === 'component-slot') {
        // `#code` in a component: the slot's name is what a component reads of it.
        const slot = Object.keys(node.properties ?? {}).find((key) => key.startsWith('v-slot:'))
        node.properties = { slot: slot?.slice('v-slot:'.length) ?? 'default' }
      } else if (!allowed.has(node.tagName)) {
        children.splice(i, 1, ...(node.children ?? []))
        i--
        continue
      }
      const properties = (node.properties ??= {})
      for (const key of Object.keys(properties)) {
        // No event handler reaches the page: MDC gives attributes to Markdown's own elements too (`**x**{onclick="…"}`).
        if (/^on/i.test(key)) delete properties[key]
      }
      for (const key of Object.keys(urlAttributes)) {
        const test = urlAttributes[key]
        if (Object.hasOwn(properties, key) && (test === null || test?.includes(node.tagName))) properties[key] = defaultUrlTransform(String(properties[key] ?? ''))
      }
      if (/^h[1-6]$/.test(node.tagName)) {
        const entry = body.toc[heading++]
        if (entry) properties.id = entry.id
      } else if (node.tagName === 'pre') {
        properties.dataCodeIndex = code++
      }
      walk(node)
    }
  }
  walk(tree as unknown as HastNode)
  return tree
}

/**
 * The Markdown of a body's part, with the link reference definitions of the whole
 * body, and the headings and code blocks before it (so ids and code match by document order).
 */
function partSource(body: BodySource, part: number): { source: string; headings: number; codes: number } {
  const parts = body.parts ?? []
  if (!parts.length) return { source: body.value, headings: 0, codes: 0 }
  const from = parts[part - 1]
  const source = body.value.slice(from?.at ?? 0, parts[part]?.at ?? body.value.length)
  return { source: body.definitions ? `${source}\n\n${body.definitions}\n` : source, headings: from?.headings ?? 0, codes: from?.codes ?? 0 }
}
