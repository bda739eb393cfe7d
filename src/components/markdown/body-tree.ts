import type { Root as HastRoot } from 'hast'
import { urlAttributes } from 'html-url-attributes'
import { defaultUrlTransform } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import remarkMdc from 'remark-mdc'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'

import type { PageBody } from '@/contract/content/body'
import { componentUrlProps, isKnownComponent, mdcComponents } from '@/contract/content/mdc-components'

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

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMdc).use(remarkRehype, { allowDangerousHtml: true })

/** Elements Markdown (GFM) produces, and the known MDC components; anything else is unwrapped. */
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
  ...mdcComponents,
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
      if (!allowed.has(node.tagName) && !siteComponents.has(node.tagName)) {
        // An unknown component shows its content. One with nothing but attributes would
        // vanish: in development it leaves a visible note (the build warns either way).
        if (!node.children?.length && import.meta.env.DEV) {
          children[i] = {
            type: 'element',
            tagName: 'code',
            properties: { className: ['mdc-unknown'] },
            children: [{ type: 'text', value: `Unknown component: ${node.tagName}` } as HastNode],
          }
          continue
        }
        children.splice(i, 1, ...(node.children ?? []))
        i--
        continue
      }
      const properties = (node.properties ??= {})
      for (const key of Object.keys(urlAttributes)) {
        const test = urlAttributes[key]
        if (Object.hasOwn(properties, key) && (test === null || test?.includes(node.tagName))) properties[key] = defaultUrlTransform(String(properties[key] ?? ''))
      }
      if (isKnownComponent(node.tagName) || siteComponents.has(node.tagName)) {
        for (const key of componentUrlProps) if (Object.hasOwn(properties, key)) properties[key] = defaultUrlTransform(String(properties[key] ?? ''))
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

/** How many parts a body is parsed and drawn in (body.parts: a long body's later parts). */
export function partCount(body: BodySource): number {
  return (body.parts?.length ?? 0) + 1
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
