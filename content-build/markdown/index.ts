import type { Root } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkMdc from 'remark-mdc'
import remarkParse from 'remark-parse'
import remarkStringify from 'remark-stringify'
import { unified } from 'unified'

import type { PageBody } from '../../src/lib/content/body'
import { sectionsFromTree, type SearchSection } from '../sections'
import { transformTree, type LinkRef, type TransformContext } from './transform'
import type { ContentIssue } from '../errors'

/**
 * The Markdown dialect: CommonMark + GFM (tables, task lists, strikethrough,
 * autolinks) + MDC components. The same plugins parse on the build side and, in the
 * renderer, in the browser, so the stored Markdown means the same thing in both.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMdc)
  .use(remarkStringify, { bullet: '-', emphasis: '_', fences: true, rule: '-' })
  .freeze()

export interface MarkdownResult {
  body: PageBody
  sections: SearchSection[]
  links: LinkRef[]
  warnings: ContentIssue[]
  firstHeading?: string
  firstParagraph?: string
}

export interface MarkdownContext extends TransformContext {
  /** The page's path and title: the first search section is the page itself. */
  path: string
  title: (firstHeading: string | undefined) => string
}

export async function processMarkdown(source: string, ctx: MarkdownContext): Promise<MarkdownResult> {
  const tree: Root = processor.parse(source)
  const result = await transformTree(tree, ctx)
  const title = ctx.title(result.firstHeading)
  const value = processor.stringify(tree)
  return {
    body: { type: 'markdown', value, toc: result.toc, code: result.code, palette: result.palette },
    sections: sectionsFromTree(tree, { path: ctx.path, title }),
    links: result.links,
    warnings: result.warnings,
    ...(result.firstHeading ? { firstHeading: result.firstHeading } : {}),
    ...(result.firstParagraph ? { firstParagraph: result.firstParagraph } : {}),
  }
}

/** Parses stored Markdown back into a tree (tests use it to prove the round trip). */
export function parseMarkdown(source: string): Root {
  return processor.parse(source)
}
