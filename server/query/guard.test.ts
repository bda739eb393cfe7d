import { describe, expect, it } from 'vitest'

import type { Collections } from '../../src/contract/content/collection-types'
import {
  type ConditionGroup,
  createQuery,
  MAX_CONDITIONS,
  MAX_DEPTH,
  MAX_LIKE_CONDITIONS,
  MAX_LIKE_PATTERN_LENGTH,
  MAX_LIKE_WILDCARDS,
  type Operator,
  QueryBuilderError,
} from '../../src/contract/content/query-builder'
import { hostileQueries } from '../../testing/hostile-queries'
import { guardQuery, QueryRefused } from './guard'

const docs = {
  table: '_content_docsv4',
  columns: ['id', 'path', 'stem', 'extension', 'position', 'title', 'description', 'body', 'seo', 'navigation', 'links', 'meta'],
}
type DocsField = keyof Collections['docsv4'] & string
const fields: DocsField[] = ['id', 'path', 'stem', 'extension', 'position', 'title', 'description', 'body', 'seo', 'navigation', 'links', 'meta']

/** A small seeded PRNG (mulberry32): the same programs every run. */
function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T
  return { next, int, pick }
}

const strings = [
  '',
  'x',
  "It's",
  "''",
  'a b',
  '%guide%',
  '_x_',
  '/docs/4.x/a',
  'ünïcødé ✓',
  'semi;colon',
  '-- not a comment',
  '/* nor this */',
  '"quoted"',
  'back\\slash',
  'new\nline',
  "O'Reilly's 'books'",
  'SELECT * FROM sqlite_master',
]
const numbers = [0, 1, -1, 42, 3.5, -0.25, 0.0000001, 123456789, 1e17, 0.1 + 0.2]
const operators: Operator[] = ['=', '<>', '>', '<', '>=', '<=', 'IN', 'NOT IN', 'BETWEEN', 'NOT BETWEEN', 'IS NULL', 'IS NOT NULL', 'LIKE', 'NOT LIKE']

/** A random program's SQL, or undefined when the builder refuses it as too expensive (the guard would too: see below). */
function randomProgram(seed: number): string | undefined {
  const r = rng(seed)
  const value = () => (r.next() < 0.5 ? r.pick(strings) : r.next() < 0.8 ? r.pick(numbers) : r.next() < 0.5)
  const addConditions = (group: ConditionGroup<Collections['docsv4']>, depth: number) => {
    const count = 1 + r.int(3)
    for (let i = 0; i < count; i++) {
      const roll = r.next()
      if (roll < 0.2 && depth < MAX_DEPTH - 1) group.andWhere((g) => (addConditions(g, depth + 1), g))
      else if (roll < 0.4 && depth < MAX_DEPTH - 1) group.orWhere((g) => (addConditions(g, depth + 1), g))
      else {
        const op = r.pick(operators)
        const field = r.pick(fields)
        if (op === 'IN' || op === 'NOT IN') group.where(field, op, Array.from({ length: 1 + r.int(5) }, value))
        else if (op === 'BETWEEN' || op === 'NOT BETWEEN') group.where(field, op, [value(), value()])
        else if (op === 'LIKE' || op === 'NOT LIKE') group.where(field, op, r.pick(strings))
        else if (op === 'IS NULL' || op === 'IS NOT NULL') group.where(field, op)
        else group.where(field, op, value())
      }
    }
  }
  const query = createQuery('docsv4')
  const selected = r.next() < 0.4 ? query.select(...Array.from({ length: 1 + r.int(4) }, () => r.pick(fields))) : query
  if (r.next() < 0.8) addConditions(selected, 1)
  if (r.next() < 0.4) for (let i = 0, n = 1 + r.int(3); i < n; i++) selected.order(r.pick(fields), r.next() < 0.5 ? 'ASC' : 'DESC')
  if (r.next() < 0.5) selected.limit(r.int(10_001))
  if (r.next() < 0.3) selected.skip(r.int(100_000))
  try {
    if (r.next() < 0.15) return selected.countSQL(r.next() < 0.5 ? r.pick(fields) : undefined, r.next() < 0.5)
    return selected.toSQL()
  } catch (error) {
    if (error instanceof QueryBuilderError && /^a query holds at most/.test(error.message)) return undefined
    throw error
  }
}

describe('query guard', () => {
  it('accepts every statement the query builder emits, unchanged (3,000 generated programs)', () => {
    const refused: string[] = []
    let built = 0
    for (let seed = 1; seed <= 3000; seed++) {
      const sql = randomProgram(seed)
      if (sql === undefined) continue
      built++
      try {
        expect(guardQuery(sql, docs)).toBe(sql)
      } catch (error) {
        refused.push(`${seed}: ${error instanceof Error ? error.message : String(error)}\n  ${sql}`)
      }
    }
    expect(refused).toEqual([])
    // Programs past a cost bound are rare; the rest are the test.
    expect(built).toBeGreaterThan(2900)
  })

  it('refuses what makes a statement expensive, naming the bound, as the builder does', () => {
    const where = (conditions: string[], joiner = 'OR') => `SELECT "path" FROM "_content_docsv4" WHERE (${conditions.join(` ${joiner} `)})`
    const like = (pattern: string) => `"body" LIKE '${pattern}' ESCAPE '\\'`
    const refusal = (sql: string) => {
      try {
        guardQuery(sql, docs)
        return 'accepted'
      } catch (error) {
        return error instanceof QueryRefused ? error.message : String(error)
      }
    }
    const builder = (build: (group: ConditionGroup<Collections['docsv4']>) => void) => {
      try {
        return createQuery('docsv4')
          .select('path')
          .orWhere((g) => (build(g), g))
          .toSQL()
      } catch (error) {
        return error instanceof QueryBuilderError ? error.message : String(error)
      }
    }
    const equal = Array.from({ length: MAX_CONDITIONS + 1 }, (_, i) => `"title" = 't${i}'`)
    expect(refusal(where(equal.slice(0, MAX_CONDITIONS)))).toBe('accepted')
    expect(refusal(where(equal))).toBe(`a query holds at most ${MAX_CONDITIONS} conditions, this one ${MAX_CONDITIONS + 1}`)
    // Counted across nested groups too.
    expect(refusal(where([`(${equal.slice(0, 40).join(' AND ')})`, `(${equal.slice(40).join(' AND ')})`]))).toBe(
      `a query holds at most ${MAX_CONDITIONS} conditions, this one ${MAX_CONDITIONS + 1}`,
    )
    expect(builder((g) => equal.forEach((_, i) => g.where('title', '=', `t${i}`)))).toBe(`a query holds at most ${MAX_CONDITIONS} conditions, this one ${MAX_CONDITIONS + 1}`)

    const likes = Array.from({ length: MAX_LIKE_CONDITIONS + 1 }, (_, i) => like(`%${i}%`))
    expect(refusal(where(likes.slice(0, MAX_LIKE_CONDITIONS)))).toBe('accepted')
    expect(refusal(where(likes))).toBe(`a query holds at most ${MAX_LIKE_CONDITIONS} LIKE conditions, this one ${MAX_LIKE_CONDITIONS + 1}`)
    expect(builder((g) => likes.forEach((_, i) => g.where('body', 'NOT LIKE', `%${i}%`)))).toBe(
      `a query holds at most ${MAX_LIKE_CONDITIONS} LIKE conditions, this one ${MAX_LIKE_CONDITIONS + 1}`,
    )

    expect(refusal(where([like('%a_b%c')]))).toBe('accepted')
    // Escaped wildcards are literal characters, not wildcards.
    expect(refusal(where([like('%a\\%b\\_c%')]))).toBe('accepted')
    expect(refusal(where([like('%a%b_c%d%')]))).toBe(`a LIKE pattern holds at most ${MAX_LIKE_WILDCARDS} wildcards (% and _), this one 5`)
    expect(builder((g) => g.where('body', 'LIKE', '%a%b_c%d%'))).toBe(`a LIKE pattern holds at most ${MAX_LIKE_WILDCARDS} wildcards (% and _), this one 5 ("body")`)
    const long = `%${'x'.repeat(MAX_LIKE_PATTERN_LENGTH - 1)}`
    expect(refusal(where([like(long)]))).toBe('accepted')
    expect(refusal(where([like(`${long}y`)]))).toBe(`a LIKE pattern holds at most ${MAX_LIKE_PATTERN_LENGTH} characters, this one ${MAX_LIKE_PATTERN_LENGTH + 1}`)
    expect(builder((g) => g.where('body', 'LIKE', `${long}y`))).toBe(
      `a LIKE pattern holds at most ${MAX_LIKE_PATTERN_LENGTH} characters, this one ${MAX_LIKE_PATTERN_LENGTH + 1} ("body")`,
    )
  })

  it('accepts the deepest nesting the builder allows', () => {
    let query = createQuery('docsv4')
    let build = (g: ConditionGroup<Collections['docsv4']>) => g.where('title', '=', 'x')
    for (let depth = 2; depth < MAX_DEPTH; depth++) {
      const inner = build
      build = (g) => g.orWhere(inner)
    }
    query = query.andWhere(build)
    const sql = query.toSQL()
    expect(guardQuery(sql, docs)).toBe(sql)
  })

  it('says what it refused', () => {
    const refuse = (sql: string) => {
      try {
        guardQuery(sql, docs)
      } catch (error) {
        if (error instanceof QueryRefused) return error.message
      }
      throw new Error(`not refused: ${sql}`)
    }
    expect(refuse('SELECT * FROM "_content_blog"')).toBe('only the table "_content_docsv4" can be queried here, not "_content_blog"')
    expect(refuse('SELECT "rowid" FROM "_content_docsv4"')).toBe('unknown column "rowid"')
    expect(refuse('SELECT * FROM "_content_docsv4"; DROP TABLE x')).toBe('unexpected character ";" at 31')
    expect(refuse('select * from "_content_docsv4"')).toBe('unexpected character "s" at 0')
    expect(refuse('SELECT  * FROM "_content_docsv4"')).toBe('the statement is not in the canonical form the query builder emits')
    expect(refuse('SELECT * FROM "_content_docsv4" WHERE ("title" = randomblob(9))')).toMatch(/^unexpected character "r"/)
    expect(refuse('SELECT * FROM "_content_docsv4" WHERE ("title" = \'x\' AND "path" = \'y\' OR "id" = \'z\')')).toBe('expected ")", found keyword "OR" at 70')
  })

  it('refuses a body that is not {sql: string}', () => {
    expect(() => guardQuery(undefined, docs)).toThrow('the body must be JSON of the form {"sql": "SELECT …"}')
  })
})

describe('hostile queries', () => {
  it(`refuses every one of the ${hostileQueries.length} in the corpus`, () => {
    expect(hostileQueries.length).toBeGreaterThanOrEqual(100)
    const accepted = hostileQueries.filter(({ sql }) => {
      try {
        guardQuery(sql, docs)
        return true
      } catch (error) {
        if (!(error instanceof QueryRefused)) throw error
        return false
      }
    })
    expect(accepted.map((q) => `${q.why}: ${q.sql.slice(0, 200)}`)).toEqual([])
  })
})
