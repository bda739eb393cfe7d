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
 *   (`autolinks: false`) for a document in which none can occur (see index.ts), and
 *   otherwise are only tried on the lines where one can (`autolinkLines`,
 *   `withMarkedLines`).
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
    combineExtensions([...(autolinks ? [autolinksOnMarkedLines()] : []), gfmFootnote(), gfmStrikethrough(), ...(tables ? [tableOnMarkedLines()] : []), gfmTaskListItem()]),
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
 * Lines (1-based, as micromark counts them) of the document being parsed on which a
 * construct can start: a table's header row (`tableHeaderLines`) or a literal autolink
 * (`autolinkLines`). Undefined (any line may) outside `withMarkedLines`.
 */
let marked: { headers: ReadonlySet<number>; autolinks?: ReadonlySet<number> } | undefined

/** Runs a parse in which tables and literal autolinks are only tried on the lines given. */
export function withMarkedLines<T>(lines: { headers: ReadonlySet<number>; autolinks?: ReadonlySet<number> }, parse: () => T): T {
  const outer = marked
  marked = lines
  try {
    return parse()
  } finally {
    marked = outer
  }
}

/**
 * What can start a literal autolink: `www.`, `http://`, `https://` (any case) or an
 * address's `x@` followed by domain characters and a dot (`a@b.c`, and `a@.b`, which
 * GFM links too). A literal autolink never spans lines, so it can only start on a line
 * that holds one of these.
 */
export const AUTOLINK_TRIGGER = /www\.|https?:\/\/|[\w.+-]@[\w-]*\./i

/** CommonMark's line endings, so line numbers are micromark's. */
const LINE_ENDING = /\r\n|\r|\n/

/**
 * The marked lines of a document, for `withMarkedLines`, from one split of it: table
 * header candidates always, autolink lines when the document holds a trigger at all.
 */
export function markedLines(source: string): { headers: Set<number>; autolinks?: Set<number> } {
  const lines = source.split(LINE_ENDING)
  const headers = headerLinesOf(lines)
  return AUTOLINK_TRIGGER.test(source) ? { headers, autolinks: autolinkLinesOf(lines) } : { headers }
}

/** The lines of `source` holding an `AUTOLINK_TRIGGER`. */
export function autolinkLines(source: string): Set<number> {
  return autolinkLinesOf(source.split(LINE_ENDING))
}

function autolinkLinesOf(lines: readonly string[]): Set<number> {
  const marked = new Set<number>()
  for (let i = 0; i < lines.length; i++) if (AUTOLINK_TRIGGER.test(lines[i] ?? '')) marked.add(i + 1)
  return marked
}

/**
 * GFM's literal autolinks are constructs of text tried at the start of every word: the
 * email one reads the whole word looking for an `@`, and the word is then read again
 * as text (on the bench corpus, a sixth of all parsing). On a line that holds no
 * trigger they decline at once, and, through `previous`, do not even break the text
 * there, as they could not match.
 */
function autolinksOnMarkedLines(): Extension {
  const text = gfmAutolinkLiteral().text ?? {}
  const wrapped = new Map<Construct, Construct>()
  const onMarkedLine = (context: TokenizeContext) => !marked?.autolinks || marked.autolinks.has(context.now().line)
  const wrap = (construct: Construct): Construct => {
    let known = wrapped.get(construct)
    if (!known) {
      const { previous, tokenize } = construct
      known = {
        ...construct,
        // `previous` first: it is true only at the start of a word, so the line is looked up once a word.
        ...(previous
          ? {
              previous: function (this: TokenizeContext, code) {
                return previous.call(this, code) && onMarkedLine(this)
              },
            }
          : {}),
        tokenize(effects, ok, nok) {
          return onMarkedLine(this) ? tokenize.call(this, effects, ok, nok) : nok
        },
      }
      wrapped.set(construct, known)
    }
    return known
  }
  const guarded: NonNullable<Extension['text']> = {}
  for (const [code, constructs] of Object.entries(text)) {
    if (!constructs) continue
    guarded[Number(code)] = Array.isArray(constructs) ? constructs.map(wrap) : wrap(constructs as Construct)
  }
  return { text: guarded }
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
  return headerLinesOf(source.split(LINE_ENDING))
}

function headerLinesOf(lines: readonly string[]): Set<number> {
  const marked = new Set<number>()
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (DELIMITER_ROW_CHARS.test(line) && line.includes('-') && (line.includes('|') || line.includes(':'))) marked.add(i)
  }
  return marked
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
          return (code) => (marked && !marked.headers.has(this.now().line) && !continuesTable(this) ? nok(code) : start(code))
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
