import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal'
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote'
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough'
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table'
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item'
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal'
import { gfmFootnote } from 'micromark-extension-gfm-footnote'
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough'
import { gfmTable } from 'micromark-extension-gfm-table'
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item'
import { combineExtensions } from 'micromark-util-combine-extensions'
import type { Construct, Extension, TokenizeContext } from 'micromark-util-types'
import type { Processor } from 'unified'

/**
 * GFM for parsing, as remark-gfm registers it, with two differences that leave the
 * tree unchanged and make the build's parse cheaper:
 *
 * - Literal autolinks (bare `www.x`, `https://x`, `a@b.c`) can be left out
 *   (`autolinks: false`) for a document in which none can occur (see index.ts).
 * - Tables can be left out (`tables: false`) for a document without a line that could
 *   be a delimiter row, and otherwise the table construct only reads a line as a
 *   table's header row when the line after it could be one (`tableHeaderLines`,
 *   `withTableLines`).
 */
export function remarkGfmParsing(this: Processor, { autolinks = true, tables = true }: { autolinks?: boolean; tables?: boolean } = {}) {
  const data = this.data()
  data.micromarkExtensions ??= []
  data.fromMarkdownExtensions ??= []
  data.micromarkExtensions.push(
    combineExtensions([...(autolinks ? [gfmAutolinkLiteral()] : []), gfmFootnote(), gfmStrikethrough(), ...(tables ? [tableOnMarkedLines()] : []), gfmTaskListItem()]),
  )
  data.fromMarkdownExtensions.push([
    ...(autolinks ? [gfmAutolinkLiteralFromMarkdown()] : []),
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    ...(tables ? [gfmTableFromMarkdown()] : []),
    gfmTaskListItemFromMarkdown(),
  ])
}

/**
 * The lines (1-based, as micromark counts them) that may be a table's header row in the
 * document being parsed; undefined (any line may) outside `withTableLines`.
 */
let headerLines: ReadonlySet<number> | undefined

/** Runs a parse in which the table construct is tried as a header only on `lines` (from `tableHeaderLines`). */
export function withTableLines<T>(lines: ReadonlySet<number>, parse: () => T): T {
  const outer = headerLines
  headerLines = lines
  try {
    return parse()
  } finally {
    headerLines = outer
  }
}

/**
 * GFM tries its table construct at the start of each line of flow content, and reads the
 * whole line as a header row before the next line tells it that no delimiter row
 * follows; the line is then read again as what it is. On the 1,000-page bench corpus
 * that was a fifth of all parsing. A header row is always the one line before its
 * delimiter row, and a delimiter row is made of `-`, `:`, `|`, spaces and tabs only,
 * with at least one `-` and one `:` or `|` (`a\n:--` is a one-column table). Inside a
 * block quote the line also starts with `>`; inside a list item or footnote, with
 * spaces. So a line can only start a table when the line after it is made of those
 * characters and `>` alone, holding a `-` and a `:` or `|`.
 */
export function tableHeaderLines(source: string): Set<number> {
  const lines = new Set<number>()
  // CommonMark's line endings, so the numbers are micromark's.
  const all = source.split(/\r\n|\r|\n/)
  for (let i = 1; i < all.length; i++) {
    const line = all[i] ?? ''
    if (DELIMITER_ROW_CHARS.test(line) && line.includes('-') && (line.includes('|') || line.includes(':'))) lines.add(i)
  }
  return lines
}

const DELIMITER_ROW_CHARS = /^[ \t>|:-]+$/

/** GFM's table construct, declining at once on a line that can neither start a table nor continue one. */
function tableOnMarkedLines(): Extension {
  const table = gfmTable().flow?.null
  if (!table || Array.isArray(table)) throw new Error('micromark-extension-gfm-table: expected one flow construct')
  const tableConstruct: Construct = table
  return {
    flow: {
      null: {
        ...tableConstruct,
        tokenize(effects, ok, nok) {
          const start = tableConstruct.tokenize.call(this, effects, ok, nok)
          return (code) => (headerLines && !headerLines.has(this.now().line) && !continuesTable(this) ? nok(code) : start(code))
        },
      },
    },
  }
}

/** Whether this line follows a table's header or row, as the construct itself checks before reading a body row. */
function continuesTable(context: TokenizeContext): boolean {
  const { events } = context
  let index = events.length - 1
  while (index > -1 && (events[index]?.[1].type === 'lineEnding' || events[index]?.[1].type === 'linePrefix')) index--
  const tail = index > -1 ? events[index]?.[1].type : undefined
  return tail === 'tableHead' || tail === 'tableRow'
}
