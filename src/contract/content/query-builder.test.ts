import { describe, expect, it } from 'vitest'

import { createQuery, MAX_DEPTH, QueryBuilderError } from './query-builder'

describe('query builder', () => {
  it('selects a page by path', () => {
    expect(createQuery('docsv4').where('path', '=', '/docs/4.x/x').toSQL()).toBe(`SELECT * FROM "_content_docsv4" WHERE ("path" = '/docs/4.x/x')`)
  })

  it('joins where calls with AND and groups andWhere / orWhere', () => {
    const sql = createQuery('blog')
      .select('title', 'path')
      .where('draft', '=', false)
      .orWhere((q) => q.where('category', '=', 'Release').where('tags', 'LIKE', '%fjord%'))
      .andWhere((q) => q.where('date', '>=', '2026-01-01').where('date', '<', '2027-01-01'))
      .order('date', 'DESC')
      .limit(10)
      .skip(20)
      .toSQL()
    expect(sql).toBe(
      `SELECT "title", "path" FROM "_content_blog" WHERE ("draft" = 0 AND ("category" = 'Release' OR "tags" LIKE '%fjord%' ESCAPE '\\') AND ("date" >= '2026-01-01' AND "date" < '2027-01-01')) ORDER BY "date" DESC LIMIT 10 OFFSET 20`,
    )
  })

  it('escapes quotes in values', () => {
    expect(createQuery('docsv4').where('title', '=', "It's a 'test'").toSQL()).toContain(`"title" = 'It''s a ''test'''`)
  })

  it('needs an array for IN and two elements for BETWEEN', () => {
    expect(() => createQuery('modules').where('category', 'IN', 'UI')).toThrow(new QueryBuilderError('IN needs an array of values for "category"'))
    expect(() => createQuery('modules').where('category', 'NOT IN', [])).toThrow('NOT IN needs at least one value for "category"')
    expect(() => createQuery('modules').where('position', 'BETWEEN', [1])).toThrow('BETWEEN needs an array of two values for "position"')
    expect(() => createQuery('modules').where('position', 'BETWEEN', [1, 2, 3])).toThrow('BETWEEN needs an array of two values')
    expect(createQuery('modules').where('position', 'NOT BETWEEN', [1, 2]).toSQL()).toContain('"position" NOT BETWEEN 1 AND 2')
    expect(createQuery('modules').where('category', 'IN', ['UI', 'SEO']).toSQL()).toContain(`"category" IN ('UI', 'SEO')`)
  })

  it('refuses values and names it cannot write safely', () => {
    expect(() => createQuery('docsv4').where('title', '=', { x: 1 })).toThrow('can only be compared with a string, a finite number or a boolean')
    expect(() => createQuery('docsv4').where('title', '=', NaN)).toThrow(QueryBuilderError)
    expect(() => createQuery('docsv4').where('title', '=', 'a\0b')).toThrow('NUL')
    // Field names come from code, but a wrong one must not reach SQL.
    const query = createQuery('docsv4')
    expect(() => Reflect.apply(query.where, query, ['title" = 1; --', '=', 'x'])).toThrow('is not a valid field name')
    expect(() => createQuery('docsv4').limit(-1)).toThrow('limit needs a non-negative integer')
    expect(() => createQuery('docsv4').limit(10_001)).toThrow('limit is at most 10000')
    expect(() => createQuery('docsv4').skip(1.5)).toThrow('skip needs a non-negative integer')
  })

  it('writes numbers without exponents and booleans as 1 or 0', () => {
    expect(createQuery('modules').where('position', '>', 0.0000001).toSQL()).toContain('"position" > 0.0000001')
    expect(createQuery('modules').where('sponsor', '=', true).toSQL()).toContain('"sponsor" = 1')
  })

  it('counts, with or without distinct', () => {
    expect(createQuery('modules').where('type', '=', 'official').countSQL()).toBe(`SELECT COUNT(*) AS "count" FROM "_content_modules" WHERE ("type" = 'official')`)
    expect(createQuery('modules').countSQL('category', true)).toBe(`SELECT COUNT(DISTINCT "category") AS "count" FROM "_content_modules"`)
  })

  it('limits nesting depth', () => {
    const nest = (depth: number) => {
      const q = createQuery('docsv4')
      let group = (g: Parameters<Parameters<typeof q.andWhere>[0]>[0]) => g.where('title', '=', 'x')
      for (let i = 0; i < depth; i++) {
        const inner = group
        group = (g) => g.andWhere(inner)
      }
      return q.andWhere(group)
    }
    expect(() => nest(MAX_DEPTH - 3).toSQL()).not.toThrow()
    expect(() => nest(MAX_DEPTH)).toThrow(`at most ${MAX_DEPTH} levels`)
  })

  it('runs through its executor and returns typed rows', async () => {
    const seen: string[] = []
    const query = createQuery('docsv4', async <T,>(_collection: string, sql: string) => {
      seen.push(sql)
      return sql.includes('COUNT') ? ([{ count: 3 }] as T[]) : ([] as T[])
    })
    expect(await query.where('path', '=', '/x').first()).toBeNull()
    expect(await createQuery('docsv4', async <T,>() => [{ count: 3 }] as T[]).count()).toBe(3)
    expect(seen).toEqual([`SELECT * FROM "_content_docsv4" WHERE ("path" = '/x') LIMIT 1`])
  })
})
