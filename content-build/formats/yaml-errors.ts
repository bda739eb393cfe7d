import { CST, type Document, isAlias, isMap, isPair, isScalar, isSeq, type Node, Parser, type YAMLError } from 'yaml'

/**
 * A YAML mistake as the content build reports it: the offset (into the YAML text) of
 * the line that causes it, the field it is in, and what is wrong and what to do.
 */
export interface YamlMistake {
  offset: number
  field?: string
  message: string
}

type Path = (string | number)[]

/**
 * Explains the `yaml` package's first error in author's terms, at the line that causes
 * it. The parser reports some mistakes where it gave up rather than where they are: an
 * unclosed quote or `[`/`{` at the end of everything it swallowed (in front matter, the
 * closing `---`), so those are traced back to their opening character.
 */
export function explainYamlError(text: string, doc: Document, error: YAMLError, lineOf: (offset: number) => number): YamlMistake {
  const at = error.pos[0]
  const line = lineText(text, at)
  const where = (offset: number, message: string, fieldOffset = offset): YamlMistake => ({ offset, field: fieldAt(doc, fieldOffset), message })
  // For mistakes that break a line's `key: value` shape the parser's nodes are
  // nonsense (`title x` is a key "title x"), so no field is named.
  const onLine = (offset: number, message: string): YamlMistake => ({ offset, message })

  if (error.code === 'MISSING_CHAR' && /closing ['"]quote/.test(error.message)) {
    const quote = error.message.includes("'") ? "'" : '"'
    return where(unclosedQuote(doc, at) ?? at, `the quoted value opened here is never closed: add the closing ${quote}`)
  }
  if (/Flow (sequence|map).* must .*end with a/.test(error.message)) {
    const flow = unclosedFlow(text, at)
    const [kind, open, close] = flow?.isMap ? ['mapping', '{', '}'] : ['list', '[', ']']
    return where(flow?.offset ?? at, `the ${kind} opened with "${open}" here is never closed: add the closing "${close}"`)
  }
  switch (error.code) {
    case 'TAB_AS_INDENT':
      return onLine(at, 'this line is indented with a tab: YAML indents with spaces only, replace the tab with spaces')
    case 'DUPLICATE_KEY': {
      const key = nodes(doc).find(({ node }) => isScalar(node) && node.range?.[0] === at)
      const first = nodes(doc).find(({ node, path }) => node !== key?.node && path.join('.') === key?.path.join('.'))
      const earlier = first?.node.range ? ` (first on line ${lineOf(first.node.range[0])})` : ''
      return where(at, `"${String(key?.path.at(-1) ?? 'this key')}" is set twice${earlier}: keep one`)
    }
    case 'BLOCK_AS_IMPLICIT_KEY': {
      // `title: Routing: the basics`: the second ": " makes the value a key.
      const value = text.slice(at, lineEnd(text, at)).trim()
      if (/:(\s|$)/.test(value)) {
        const example = value.replace(/"/g, '\\"')
        return where(at, `the value contains ": ", which YAML reads as another key: put the value in quotes, e.g. "${example}"`, lineStart(text, at) + line.search(/\S/))
      }
      // `title: x` above an indented line: that line is read as more of the value.
      return onLine(lineEnd(text, at) + 1, 'this line is indented under a field that already has a value on its own line: remove the indent')
    }
    case 'BAD_SCALAR_START':
      return where(at, `a value cannot start with ${text[at] ?? 'this character'} unless it is quoted: put the value in quotes`)
    case 'UNEXPECTED_TOKEN':
      if (/^\s*(- )?[^:]*:\s*\*/.test(line)) return where(at, ALIAS)
      if (/["']\S*\s*$/.test(text.slice(lineStart(text, at), at))) {
        return /^\s*(- )?[^:'"]*:\s*'/.test(line)
          ? where(at, `text follows the closing ': put the value in " " instead, or write '' for each ' inside it`)
          : where(at, `text follows the closing ": put the value in ' ' instead, or write \\" for each " inside it`)
      }
      break
    case 'BAD_DQ_ESCAPE':
      return where(at, `a backslash inside " " starts an escape such as \\n: write \\\\ for a backslash, or put the value in ' ' instead`)
    case 'MULTIPLE_DOCS':
      return onLine(at, 'a "---" line starts a second YAML document, and a content file holds one: remove it')
    case 'MULTILINE_IMPLICIT_KEY':
    case 'MISSING_CHAR':
      if (/^\s*[^\s:#-][^:]*:[^\s/]/.test(line) && !line.includes(': ')) return onLine(at, 'expected "key: value": add a space after the ":"')
      if (!line.includes(':')) return onLine(at, 'expected "key: value" or "- item" on this line: add the ":" after the key')
      break
    case 'BAD_INDENT':
      if (error.message.includes('same column')) return onLine(at, 'this field is not lined up with the fields above it: indent it by the same number of spaces')
      break
  }
  return where(at, `invalid YAML: ${error.message.split('\n')[0] ?? error.message}`)
}

const ALIAS = 'a value cannot start with * unless it is quoted (YAML reads *name as a reference): put the value in quotes'

/** The opening quote of the quoted scalar that runs to `at`, where the parser gave up on it. */
function unclosedQuote(doc: Document, at: number): number | undefined {
  return nodes(doc).find(({ node }) => isQuoted(node) && node.range && node.range[0] < at && at <= node.range[1])?.node.range?.[0]
}

/**
 * The innermost `[` or `{` before `at` that no bracket closes. Read from the parser's
 * tokens, not the text, so brackets in quoted values and nested lists do not count.
 */
function unclosedFlow(text: string, at: number): { offset: number; isMap: boolean } | undefined {
  let found: { offset: number; isMap: boolean } | undefined
  const check = (token: CST.Token | null | undefined) => {
    if (token?.type !== 'flow-collection' || token.offset >= at) return
    const isMap = token.start.source === '{'
    if (token.end[0]?.source !== (isMap ? '}' : ']')) found = { offset: token.offset, isMap }
  }
  for (const doc of new Parser().parse(text)) {
    if (doc.type !== 'document') continue
    check(doc.value)
    CST.visit(doc, (item) => {
      check(item.key)
      check(item.value)
    })
  }
  return found
}

/**
 * An alias (`*name`) with no anchor before it. The parser accepts it and only turning
 * the document into values throws, so the build looks for it first; authors usually
 * meant Markdown emphasis (`description: *Fast* docs`).
 */
export function unresolvedAlias(doc: Document): YamlMistake | undefined {
  const alias = nodes(doc).find(({ node }) => isAlias(node) && !node.resolve(doc))
  if (!alias?.node.range) return undefined
  return { offset: alias.node.range[0], field: alias.path.join('.') || undefined, message: ALIAS }
}

/** Every node with the path of keys and indexes that leads to it, keys included, in document order. */
function nodes(doc: Document): { node: Node; path: Path }[] {
  const found: { node: Node; path: Path }[] = []
  const walk = (node: unknown, path: Path) => {
    if (isScalar(node) || isAlias(node)) found.push({ node, path })
    if (isMap(node)) {
      found.push({ node, path })
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key
        const keyPath = [...path, typeof key === 'number' ? key : String(key)]
        if (isScalar(pair.key)) found.push({ node: pair.key, path: keyPath })
        walk(pair.value, keyPath)
      }
    }
    if (isSeq(node)) {
      found.push({ node, path })
      node.items.forEach((item, i) => walk(isPair(item) ? item.value : item, [...path, i]))
    }
  }
  walk(doc.contents, [])
  return found
}

/** The dotted path of the innermost field whose key or value holds `offset`. */
function fieldAt(doc: Document, offset: number): string | undefined {
  const holding = nodes(doc).filter(({ node, path }) => path.length > 0 && node.range && node.range[0] <= offset && offset < node.range[2])
  const path = holding.at(-1)?.path
  // A key with a space in it is a line the parser misread, not a field of ours.
  if (!path?.length || path.some((key) => /\s/.test(String(key)))) return undefined
  return path.join('.')
}

function isQuoted(node: Node): boolean {
  return isScalar(node) && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE')
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1
}

function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset)
  return end === -1 ? text.length : end
}

function lineText(text: string, offset: number): string {
  return text.slice(lineStart(text, offset), lineEnd(text, offset))
}
