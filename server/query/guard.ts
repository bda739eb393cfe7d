import { costRefusal, LIKE_ESCAPE, likePatternRefusal, MAX_DEPTH, MAX_IN_VALUES, MAX_LIMIT, MAX_SQL_LENGTH, MAX_STRING_LENGTH } from '../../src/contract/content/query-builder'

/**
 * The query endpoint's gatekeeper. It accepts exactly the SQL the query builder
 * (src/contract/content/query-builder.ts) emits, by parsing it, never by pattern matching:
 *
 *   SELECT cols FROM "_content_<collection>" [WHERE group] [ORDER BY "col" ASC|DESC, …]
 *     [LIMIT n [OFFSET n]]
 *   cols  := * | "col", … | COUNT(*) AS "count" | COUNT(DISTINCT "col") AS "count"
 *   group := ( item AND item … ) | ( item OR item … )      one joiner per group
 *   item  := group | "col" op value | "col" [NOT] IN (value, …)
 *          | "col" [NOT] BETWEEN value AND value | "col" IS [NOT] NULL
 *          | "col" [NOT] LIKE 'text' ESCAPE '\'          (backslash, the only escape character)
 *
 * Columns must be the collection's own, and the statement within the builder's cost
 * bounds (conditions, LIKE conditions, each pattern's length and wildcards), so that
 * whatever is accepted is cheap to run. The statement must then equal, byte for
 * byte, the canonical serialisation of what was parsed, and that serialisation is
 * what runs. Comments, other statements, functions, sub-selects, other tables,
 * parameters and every other SQL feature are refused because the grammar has no
 * place for them.
 *
 * DANGER: widening this grammar widens what anyone on the internet can run. Change
 * it only together with the builder, and keep the hostile corpus passing.
 */

export class QueryRefused extends Error {
  override name = 'QueryRefused'
}

const KEYWORDS = new Set([
  'SELECT',
  'FROM',
  'WHERE',
  'AND',
  'OR',
  'ORDER',
  'BY',
  'ASC',
  'DESC',
  'LIMIT',
  'OFFSET',
  'IN',
  'NOT',
  'BETWEEN',
  'IS',
  'NULL',
  'LIKE',
  'ESCAPE',
  'COUNT',
  'DISTINCT',
  'AS',
])

type Token =
  | { kind: 'keyword'; value: string; at: number }
  | { kind: 'ident'; value: string; at: number }
  | { kind: 'string'; value: string; at: number }
  | { kind: 'number'; value: string; at: number }
  | { kind: 'punct'; value: string; at: number }

function tokenize(sql: string): Token[] {
  if (sql.length > MAX_SQL_LENGTH) throw new QueryRefused(`the statement is longer than ${MAX_SQL_LENGTH} characters`)
  const tokens: Token[] = []
  let i = 0
  while (i < sql.length) {
    const c = sql[i] ?? ''
    if (c === ' ') {
      i++
      continue
    }
    const at = i
    if (c === '"') {
      const match = /^"([A-Za-z_][A-Za-z0-9_]*)"/.exec(sql.slice(i, i + 130))
      if (!match?.[1]) throw new QueryRefused(`identifiers must be "name" with letters, digits and _ only (at ${at})`)
      tokens.push({ kind: 'ident', value: match[1], at })
      i += match[0].length
    } else if (c === "'") {
      let value = ''
      i++
      for (;;) {
        if (i >= sql.length) throw new QueryRefused(`unterminated string starting at ${at}`)
        const d = sql[i]
        if (d === "'") {
          if (sql[i + 1] === "'") {
            value += "'"
            i += 2
            continue
          }
          i++
          break
        }
        if (d === '\0') throw new QueryRefused(`NUL character in a string at ${i}`)
        value += d
        i++
        if (value.length > MAX_STRING_LENGTH) throw new QueryRefused(`string longer than ${MAX_STRING_LENGTH} characters at ${at}`)
      }
      tokens.push({ kind: 'string', value, at })
    } else if (/[0-9-]/.test(c)) {
      const match = /^-?(0|[1-9][0-9]{0,17})(\.[0-9]{1,20})?(?![0-9A-Za-z_.])/.exec(sql.slice(i, i + 45))
      if (!match) throw new QueryRefused(`malformed number at ${at}`)
      tokens.push({ kind: 'number', value: match[0], at })
      i += match[0].length
    } else if (/[A-Z]/.test(c)) {
      const match = /^[A-Z]+(?![A-Za-z0-9_])/.exec(sql.slice(i, i + 12))
      if (!match || !KEYWORDS.has(match[0])) throw new QueryRefused(`unexpected word at ${at}: only the query builder's upper-case keywords are allowed`)
      tokens.push({ kind: 'keyword', value: match[0], at })
      i += match[0].length
    } else {
      const two = sql.slice(i, i + 2)
      const value = two === '<>' || two === '>=' || two === '<=' ? two : '(),*=<>'.includes(c) ? c : undefined
      if (!value) throw new QueryRefused(`unexpected character ${JSON.stringify(c)} at ${at}`)
      tokens.push({ kind: 'punct', value, at })
      i += value.length
    }
  }
  return tokens
}

type Value = { kind: 'string' | 'number'; value: string }
type Predicate =
  | { kind: 'compare'; column: string; op: string; value: Value }
  | { kind: 'in'; column: string; not: boolean; values: Value[] }
  | { kind: 'between'; column: string; not: boolean; low: Value; high: Value }
  | { kind: 'null'; column: string; not: boolean }
  | { kind: 'like'; column: string; not: boolean; pattern: Value }
type Group = { kind: 'group'; joiner: 'AND' | 'OR'; items: (Group | Predicate)[] }

export interface ParsedQuery {
  columns: { kind: 'all' } | { kind: 'list'; names: string[] } | { kind: 'count'; distinct?: string }
  table: string
  where?: Group
  order: { column: string; direction: 'ASC' | 'DESC' }[]
  limit?: number
  offset?: number
}

class Parser {
  private i = 0
  /** Conditions read so far, and LIKE conditions among them: refused as soon as one passes its bound. */
  private readonly counts = { conditions: 0, likes: 0 }
  constructor(private readonly tokens: Token[]) {}

  parse(): ParsedQuery {
    this.keyword('SELECT')
    const columns = this.columns()
    this.keyword('FROM')
    const table = this.ident('a table')
    const query: ParsedQuery = { columns, table, order: [] }
    if (this.accept('keyword', 'WHERE')) query.where = this.group(1)
    if (this.accept('keyword', 'ORDER')) {
      this.keyword('BY')
      do {
        const column = this.ident('a column to order by')
        const direction = this.accept('keyword', 'ASC') ? 'ASC' : this.accept('keyword', 'DESC') ? 'DESC' : this.fail('ASC or DESC')
        query.order.push({ column, direction })
      } while (this.accept('punct', ','))
    }
    if (this.accept('keyword', 'LIMIT')) {
      query.limit = this.integer('LIMIT', MAX_LIMIT)
      if (this.accept('keyword', 'OFFSET')) query.offset = this.integer('OFFSET', Number.MAX_SAFE_INTEGER)
    }
    if (this.i < this.tokens.length) this.fail('the end of the statement')
    return query
  }

  private columns(): ParsedQuery['columns'] {
    if (this.accept('punct', '*')) return { kind: 'all' }
    if (this.accept('keyword', 'COUNT')) {
      this.punct('(')
      let distinct: string | undefined
      if (this.accept('keyword', 'DISTINCT')) distinct = this.ident('a column')
      else this.punct('*')
      this.punct(')')
      this.keyword('AS')
      if (this.ident('"count"') !== 'count') this.fail('the alias "count"')
      return distinct ? { kind: 'count', distinct } : { kind: 'count' }
    }
    const names = [this.ident('a column')]
    while (this.accept('punct', ',')) names.push(this.ident('a column'))
    return { kind: 'list', names }
  }

  private group(depth: number): Group {
    if (depth > MAX_DEPTH) throw new QueryRefused(`conditions nested deeper than ${MAX_DEPTH} levels`)
    this.punct('(')
    const items: Group['items'] = [this.item(depth)]
    let joiner: Group['joiner'] = 'AND'
    if (this.peekIs('keyword', 'AND') || this.peekIs('keyword', 'OR')) {
      joiner = this.peekIs('keyword', 'AND') ? 'AND' : 'OR'
      while (this.accept('keyword', joiner)) items.push(this.item(depth))
    }
    this.punct(')')
    return { kind: 'group', joiner, items }
  }

  private item(depth: number): Group | Predicate {
    if (this.peekIs('punct', '(')) return this.group(depth + 1)
    this.count(0)
    const column = this.ident('a column')
    if (this.accept('keyword', 'IS')) {
      const not = this.accept('keyword', 'NOT')
      this.keyword('NULL')
      return { kind: 'null', column, not }
    }
    const not = this.accept('keyword', 'NOT')
    if (this.accept('keyword', 'IN')) {
      this.punct('(')
      const values = [this.value()]
      while (this.accept('punct', ',')) {
        values.push(this.value())
        if (values.length > MAX_IN_VALUES) throw new QueryRefused(`IN lists hold at most ${MAX_IN_VALUES} values`)
      }
      this.punct(')')
      return { kind: 'in', column, not, values }
    }
    if (this.accept('keyword', 'BETWEEN')) {
      const low = this.value()
      this.keyword('AND')
      return { kind: 'between', column, not, low, high: this.value() }
    }
    if (this.accept('keyword', 'LIKE')) {
      const pattern = this.value()
      if (pattern.kind !== 'string') this.fail('a string pattern after LIKE')
      this.keyword('ESCAPE')
      const escape = this.value()
      if (escape.kind !== 'string' || escape.value !== LIKE_ESCAPE) this.fail(`ESCAPE '${LIKE_ESCAPE}' after a LIKE pattern`)
      const refusal = likePatternRefusal(pattern.value)
      if (refusal) throw new QueryRefused(refusal)
      this.count(1)
      return { kind: 'like', column, not, pattern }
    }
    if (not) this.fail('IN, BETWEEN or LIKE after NOT')
    const op = this.next()
    if (op?.kind !== 'punct' || !['=', '<>', '>', '<', '>=', '<='].includes(op.value)) this.fail('a comparison operator', op)
    return { kind: 'compare', column, op: op.value, value: this.value() }
  }

  /** Counts one condition (`likes` 1 for a LIKE, which was counted as a condition already). */
  private count(likes: 0 | 1) {
    if (likes) this.counts.likes++
    else this.counts.conditions++
    const refusal = costRefusal(this.counts)
    if (refusal) throw new QueryRefused(refusal)
  }

  private value(): Value {
    const token = this.next()
    if (token?.kind === 'string' || token?.kind === 'number') return { kind: token.kind, value: token.value }
    return this.fail('a string or number value', token)
  }

  private integer(what: string, max: number): number {
    const token = this.next()
    const value = token?.kind === 'number' && /^(0|[1-9][0-9]*)$/.test(token.value) ? Number(token.value) : NaN
    if (!Number.isSafeInteger(value) || value > max) throw new QueryRefused(`${what} must be an integer from 0 to ${max}`)
    return value
  }

  private ident(what: string): string {
    const token = this.next()
    return token?.kind === 'ident' ? token.value : this.fail(what, token)
  }

  private keyword(value: string) {
    if (!this.accept('keyword', value)) this.fail(value)
  }

  private punct(value: string) {
    if (!this.accept('punct', value)) this.fail(`"${value}"`)
  }

  private accept(kind: Token['kind'], value: string): boolean {
    if (!this.peekIs(kind, value)) return false
    this.i++
    return true
  }

  private peekIs(kind: Token['kind'], value: string): boolean {
    const token = this.tokens[this.i]
    return token?.kind === kind && token.value === value
  }

  private next(): Token | undefined {
    return this.tokens[this.i++]
  }

  private fail(expected: string, token = this.tokens[this.i]): never {
    const found = token ? `${token.kind} ${JSON.stringify(token.value)} at ${token.at}` : 'the end of the statement'
    throw new QueryRefused(`expected ${expected}, found ${found}`)
  }
}

/** The one serialisation of a parsed query: the same text the builder emits for it. */
export function serialize(query: ParsedQuery): string {
  const ident = (name: string) => `"${name}"`
  const value = (v: Value) => (v.kind === 'string' ? `'${v.value.replaceAll("'", "''")}'` : v.value)
  const item = (node: Group | Predicate): string => {
    switch (node.kind) {
      case 'group':
        return `(${node.items.map(item).join(` ${node.joiner} `)})`
      case 'compare':
        return `${ident(node.column)} ${node.op} ${value(node.value)}`
      case 'in':
        return `${ident(node.column)} ${node.not ? 'NOT IN' : 'IN'} (${node.values.map(value).join(', ')})`
      case 'between':
        return `${ident(node.column)} ${node.not ? 'NOT BETWEEN' : 'BETWEEN'} ${value(node.low)} AND ${value(node.high)}`
      case 'null':
        return `${ident(node.column)} ${node.not ? 'IS NOT NULL' : 'IS NULL'}`
      case 'like':
        return `${ident(node.column)} ${node.not ? 'NOT LIKE' : 'LIKE'} ${value(node.pattern)} ESCAPE '${LIKE_ESCAPE}'`
    }
  }
  const columns =
    query.columns.kind === 'all'
      ? '*'
      : query.columns.kind === 'list'
        ? query.columns.names.map(ident).join(', ')
        : query.columns.distinct
          ? `COUNT(DISTINCT ${ident(query.columns.distinct)}) AS "count"`
          : 'COUNT(*) AS "count"'
  let sql = `SELECT ${columns} FROM ${ident(query.table)}`
  if (query.where) sql += ` WHERE ${item(query.where)}`
  if (query.order.length) sql += ` ORDER BY ${query.order.map((o) => `${ident(o.column)} ${o.direction}`).join(', ')}`
  if (query.limit !== undefined) sql += ` LIMIT ${query.limit}`
  if (query.offset !== undefined) sql += ` OFFSET ${query.offset}`
  return sql
}

/**
 * Checks `sql` against the grammar, the collection's table and its columns. Returns
 * the canonical statement to run, or throws QueryRefused saying what was refused.
 */
export function guardQuery(sql: unknown, collection: { table: string; columns: readonly string[] }): string {
  if (typeof sql !== 'string') throw new QueryRefused('the body must be JSON of the form {"sql": "SELECT …"}')
  const query = new Parser(tokenize(sql)).parse()
  if (query.table !== collection.table) throw new QueryRefused(`only the table "${collection.table}" can be queried here, not "${query.table}"`)
  const known = new Set(collection.columns)
  const used = [
    ...(query.columns.kind === 'list' ? query.columns.names : []),
    ...(query.columns.kind === 'count' && query.columns.distinct ? [query.columns.distinct] : []),
    ...query.order.map((o) => o.column),
    ...(query.where ? columnsOf(query.where) : []),
  ]
  const unknown = used.find((c) => !known.has(c))
  if (unknown) throw new QueryRefused(`unknown column "${unknown}"`)
  const canonical = serialize(query)
  if (canonical !== sql) throw new QueryRefused('the statement is not in the canonical form the query builder emits')
  return canonical
}

function columnsOf(node: Group | Predicate): string[] {
  return node.kind === 'group' ? node.items.flatMap(columnsOf) : [node.column]
}
