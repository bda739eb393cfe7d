import type { CollectionName, Collections } from './collection-types'

/**
 * Builds the SQL for one collection. The emitted SQL is deliberately narrow and
 * canonical (upper-case keywords, double-quoted identifiers, single spaces), because
 * the server's query endpoint accepts exactly this grammar and nothing else: any
 * change here must be mirrored in server/query/guard.ts, and the guard's tests
 * generate every shape this builder can emit.
 */

export const comparisonOperators = ['=', '<>', '>', '<', '>=', '<='] as const
export const listOperators = ['IN', 'NOT IN'] as const
export const rangeOperators = ['BETWEEN', 'NOT BETWEEN'] as const
export const nullOperators = ['IS NULL', 'IS NOT NULL'] as const
export const likeOperators = ['LIKE', 'NOT LIKE'] as const

export type ComparisonOperator = (typeof comparisonOperators)[number]
export type Operator =
  | ComparisonOperator
  | (typeof listOperators)[number]
  | (typeof rangeOperators)[number]
  | (typeof nullOperators)[number]
  | (typeof likeOperators)[number]

export type SqlValue = string | number | boolean

/** The largest LIMIT the builder emits and the endpoint accepts. */
export const MAX_LIMIT = 10_000
/** The most values an IN list may hold. */
export const MAX_IN_VALUES = 500
/** The longest string value. */
export const MAX_STRING_LENGTH = 2_000
/** The deepest nesting of andWhere/orWhere groups (the WHERE clause itself is level 1). */
export const MAX_DEPTH = 16
/** The longest statement: under the endpoint's 64 KB body limit. */
export const MAX_SQL_LENGTH = 60_000
/**
 * What makes a statement expensive, bounded so that every statement the endpoint
 * accepts is cheap on the largest collection: conditions (each is tested on every row
 * scanned), LIKE conditions (each scans its column's text), and each pattern's length
 * and wildcards (`%` and `_`, which SQLite matches by trying every position).
 */
export const MAX_CONDITIONS = 64
export const MAX_LIKE_CONDITIONS = 8
export const MAX_LIKE_PATTERN_LENGTH = 200
export const MAX_LIKE_WILDCARDS = 4

/** The escape character of every LIKE pattern: `\%`, `\_` and `\\` match literally. */
export const LIKE_ESCAPE = '\\'

/** Text made literal inside a LIKE pattern: its `%`, `_` and backslashes are escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => LIKE_ESCAPE + c)
}

/** The wildcards of a LIKE pattern: `%` and `_` not escaped with LIKE_ESCAPE. */
export function likeWildcards(pattern: string): number {
  let count = 0
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === LIKE_ESCAPE) i++
    else if (c === '%' || c === '_') count++
  }
  return count
}

/**
 * Why a statement with these counts is too expensive for the endpoint, or undefined.
 * The builder and the server's guard both ask it, so the app never builds a statement
 * the endpoint refuses.
 */
export function costRefusal(counts: { conditions: number; likes: number }): string | undefined {
  if (counts.conditions > MAX_CONDITIONS) return `a query holds at most ${MAX_CONDITIONS} conditions, this one ${counts.conditions}`
  if (counts.likes > MAX_LIKE_CONDITIONS) return `a query holds at most ${MAX_LIKE_CONDITIONS} LIKE conditions, this one ${counts.likes}`
  return undefined
}

/** Why a LIKE pattern is too expensive for the endpoint, or undefined. */
export function likePatternRefusal(pattern: string): string | undefined {
  if (pattern.length > MAX_LIKE_PATTERN_LENGTH) return `a LIKE pattern holds at most ${MAX_LIKE_PATTERN_LENGTH} characters, this one ${pattern.length}`
  const wildcards = likeWildcards(pattern)
  if (wildcards > MAX_LIKE_WILDCARDS) return `a LIKE pattern holds at most ${MAX_LIKE_WILDCARDS} wildcards (% and _), this one ${wildcards}`
  return undefined
}

export class QueryBuilderError extends Error {
  override name = 'QueryBuilderError'
}

/** A condition's SQL, with how many conditions (and of them LIKE conditions) it holds. */
type Condition = { sql: string; conditions: number; likes: number }

/** A group of conditions joined by AND or OR, as `andWhere`/`orWhere` receive. */
export class ConditionGroup<Row> {
  constructor(
    protected readonly conditions: Condition[] = [],
    private readonly depth = 1,
  ) {}

  where<K extends keyof Row & string>(field: K, operator: Operator, value?: unknown): this {
    const like = operator === 'LIKE' || operator === 'NOT LIKE'
    this.conditions.push({ sql: predicate(field, operator, value), conditions: 1, likes: like ? 1 : 0 })
    return this
  }

  andWhere(build: (group: ConditionGroup<Row>) => ConditionGroup<Row>): this {
    return this.group(build, 'AND')
  }

  orWhere(build: (group: ConditionGroup<Row>) => ConditionGroup<Row>): this {
    return this.group(build, 'OR')
  }

  /** The group's SQL, parenthesised, or '' when it holds nothing. */
  toCondition(joiner: 'AND' | 'OR' = 'AND'): string {
    return this.conditions.length ? `(${this.conditions.map((c) => c.sql).join(` ${joiner} `)})` : ''
  }

  /** How many conditions the group holds, nested ones included, and how many of them are LIKE. */
  protected counts(): { conditions: number; likes: number } {
    return this.conditions.reduce((sum, c) => ({ conditions: sum.conditions + c.conditions, likes: sum.likes + c.likes }), { conditions: 0, likes: 0 })
  }

  private group(build: (group: ConditionGroup<Row>) => ConditionGroup<Row>, joiner: 'AND' | 'OR'): this {
    if (this.depth >= MAX_DEPTH) throw new QueryBuilderError(`conditions can be nested at most ${MAX_DEPTH} levels deep`)
    const inner = build(new ConditionGroup<Row>([], this.depth + 1))
    const sql = inner.toCondition(joiner)
    if (sql) this.conditions.push({ sql, ...inner.counts() })
    return this
  }
}

export type QueryExecutor = <T>(collection: CollectionName, sql: string) => Promise<T[]>

type Selected<Row, K extends keyof Row> = Pick<Row, K>

interface QueryState {
  fields: string[]
  orders: string[]
  limit?: number
  offset?: number
}

export class CollectionQuery<Name extends CollectionName, Row = Collections[Name]> extends ConditionGroup<Collections[Name]> {
  constructor(
    readonly collection: Name,
    private readonly execute?: QueryExecutor,
    conditions: Condition[] = [],
    private readonly state: QueryState = { fields: [], orders: [] },
  ) {
    super(conditions)
  }

  /** Narrows the columns read, and the result type with them. */
  select<K extends keyof Collections[Name] & string>(...fields: K[]): CollectionQuery<Name, Selected<Collections[Name], K>> {
    const state = { ...this.state, fields: [...this.state.fields, ...fields.map(identifier)] }
    return new CollectionQuery<Name, Selected<Collections[Name], K>>(this.collection, this.execute, this.conditions, state)
  }

  order(field: keyof Collections[Name] & string, direction: 'ASC' | 'DESC' = 'ASC'): this {
    if (direction !== 'ASC' && direction !== 'DESC') throw new QueryBuilderError(`order direction must be ASC or DESC, not ${String(direction)}`)
    this.state.orders.push(`${identifier(field)} ${direction}`)
    return this
  }

  limit(count: number): this {
    this.state.limit = count === Infinity ? undefined : integer('limit', count, MAX_LIMIT)
    return this
  }

  skip(count: number): this {
    this.state.offset = integer('skip', count)
    return this
  }

  toSQL(): string {
    const sql = this.build(this.columns(), this.state.limit)
    if (sql.length > MAX_SQL_LENGTH) throw new QueryBuilderError(`the query is longer than ${MAX_SQL_LENGTH} characters`)
    return sql
  }

  countSQL(field?: keyof Collections[Name] & string, distinct = false): string {
    const column = distinct && field ? `COUNT(DISTINCT ${identifier(field)}) AS "count"` : 'COUNT(*) AS "count"'
    return this.build(column, undefined, false)
  }

  async all(): Promise<Row[]> {
    return this.run<Row>(this.toSQL())
  }

  async first(): Promise<Row | null> {
    const sql = this.build(this.columns(), 1)
    const [row] = await this.run<Row>(sql)
    return row ?? null
  }

  async count(field?: keyof Collections[Name] & string, distinct = false): Promise<number> {
    const [row] = await this.run<{ count: number }>(this.countSQL(field, distinct))
    return Number(row?.count ?? 0)
  }

  private columns(): string {
    return this.state.fields.length ? this.state.fields.join(', ') : '*'
  }

  private build(columns: string, limit: number | undefined, withTail = true): string {
    const refusal = costRefusal(this.counts())
    if (refusal) throw new QueryBuilderError(refusal)
    let sql = `SELECT ${columns} FROM ${identifier(`_content_${this.collection}`)}`
    const where = this.toCondition()
    if (where) sql += ` WHERE ${where}`
    if (withTail && this.state.orders.length) sql += ` ORDER BY ${this.state.orders.join(', ')}`
    if (withTail && limit !== undefined) sql += ` LIMIT ${limit}`
    if (withTail && this.state.offset !== undefined) {
      // SQLite needs a LIMIT before OFFSET; the cap stands in when none was set.
      if (limit === undefined) sql += ` LIMIT ${MAX_LIMIT}`
      sql += ` OFFSET ${this.state.offset}`
    }
    return sql
  }

  private run<T>(sql: string): Promise<T[]> {
    if (sql.length > MAX_SQL_LENGTH) throw new QueryBuilderError(`the query is longer than ${MAX_SQL_LENGTH} characters`)
    if (!this.execute) throw new QueryBuilderError('this query has no executor: use queryCollection() from the content client, or toSQL()')
    return this.execute<T>(this.collection, sql)
  }
}

/** Starts a query on `collection`, executed by `execute` (the content client supplies it). */
export function createQuery<Name extends CollectionName>(collection: Name, execute?: QueryExecutor): CollectionQuery<Name> {
  return new CollectionQuery(collection, execute)
}

function predicate(field: string, operator: Operator, value: unknown): string {
  const column = identifier(field)
  switch (operator) {
    case 'IS NULL':
    case 'IS NOT NULL':
      return `${column} ${operator}`
    case 'IN':
    case 'NOT IN': {
      if (!Array.isArray(value)) throw new QueryBuilderError(`${operator} needs an array of values for "${field}"`)
      if (value.length === 0) throw new QueryBuilderError(`${operator} needs at least one value for "${field}"`)
      if (value.length > MAX_IN_VALUES) throw new QueryBuilderError(`${operator} takes at most ${MAX_IN_VALUES} values for "${field}"`)
      return `${column} ${operator} (${value.map((v) => literal(v, field)).join(', ')})`
    }
    case 'BETWEEN':
    case 'NOT BETWEEN': {
      if (!Array.isArray(value) || value.length !== 2) throw new QueryBuilderError(`${operator} needs an array of two values for "${field}"`)
      return `${column} ${operator} ${literal(value[0], field)} AND ${literal(value[1], field)}`
    }
    case 'LIKE':
    case 'NOT LIKE': {
      if (typeof value !== 'string') throw new QueryBuilderError(`${operator} needs a string pattern for "${field}"`)
      const refusal = likePatternRefusal(value)
      if (refusal) throw new QueryBuilderError(`${refusal} ("${field}")`)
      return `${column} ${operator} ${literal(value, field)} ESCAPE '${LIKE_ESCAPE}'`
    }
    default:
      if (!isComparison(operator)) throw new QueryBuilderError(`unknown operator ${String(operator)}`)
      return `${column} ${operator} ${literal(value, field)}`
  }
}

function isComparison(operator: string): operator is ComparisonOperator {
  return comparisonOperators.some((o) => o === operator)
}

/** A value as an SQL literal: strings quoted with quotes doubled, booleans as 1/0, finite numbers only. */
export function literal(value: unknown, field = 'value'): string {
  if (typeof value === 'string') {
    if (value.length > MAX_STRING_LENGTH) throw new QueryBuilderError(`"${field}" can be compared with at most ${MAX_STRING_LENGTH} characters`)
    if (value.includes('\0')) throw new QueryBuilderError(`"${field}" cannot be compared with a NUL character`)
    return `'${value.replaceAll("'", "''")}'`
  }
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (typeof value === 'number' && Number.isFinite(value)) return formatNumber(value)
  throw new QueryBuilderError(`"${field}" can only be compared with a string, a finite number or a boolean`)
}

function formatNumber(value: number): string {
  // No exponent notation: the endpoint accepts plain decimals only.
  if (Math.abs(value) >= 1e18) throw new QueryBuilderError(`${value} is too large to compare with`)
  const text = String(value)
  return /e/i.test(text) ? value.toFixed(20).replace(/\.?0+$/, '') : text
}

/** Field names are plain identifiers; they are never built from reader input. */
export function identifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new QueryBuilderError(`"${name}" is not a valid field name`)
  return `"${name}"`
}

function integer(what: string, value: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(value) || value < 0) throw new QueryBuilderError(`${what} needs a non-negative integer, not ${value}`)
  if (value > max) throw new QueryBuilderError(`${what} is at most ${max}`)
  return value
}
