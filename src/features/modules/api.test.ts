import initSqlJs, { type Database } from 'sql.js'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { contentClient } from '@/lib/content/index'
import { queryClient } from '@/lib/query-client'

import { moduleSearchQuery } from './api'

/**
 * The directory's list query against a small modules table in sql.js: the names in
 * order and the total, and which statements it costs (the worker runs them one by one).
 */
let db: Database
const statements: string[] = []
let countFails = false

beforeAll(async () => {
  const SQL = await initSqlJs()
  db = new SQL.Database()
  db.exec(`CREATE TABLE "_content_modules" ("name" TEXT, "npm" TEXT, "description" TEXT, "category" TEXT, "repo" TEXT, "official" INTEGER, "sponsor" INTEGER,
    "downloads" INTEGER, "stars" INTEGER, "publishedAt" TEXT, "createdAt" TEXT)`)
  for (let i = 0; i < 9; i++) {
    db.run('INSERT INTO "_content_modules" VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?)', [
      `mod-${i}`,
      `fjord-mod-${i}`,
      i % 3 === 0 ? 'Charts and graphs' : 'Forms',
      i % 3 === 0 ? 'UI' : 'Devtools',
      `acme/mod-${i}`,
      1000 - i,
      i,
      `2026-01-0${i + 1}`,
      `2025-01-0${i + 1}`,
    ])
  }
  vi.spyOn(contentClient, 'query').mockImplementation(async <T>(_collection: string, sql: string) => {
    statements.push(sql)
    if (countFails && sql.includes('COUNT(')) throw new Error('the database is unavailable')
    const [result] = db.exec(sql)
    return (result?.values ?? []).map((row) => Object.fromEntries(result!.columns.map((column, i) => [column, row[i]]))) as T[]
  })
})
afterEach(() => {
  countFails = false
  statements.length = 0
  queryClient.clear()
})

describe('moduleSearchQuery', () => {
  it('answers a full first batch with the total of every match', async () => {
    const list = await queryClient.fetchQuery(moduleSearchQuery({ q: '' }, 4))
    expect(list).toEqual({ names: ['mod-0', 'mod-1', 'mod-2', 'mod-3'], total: 9, key: '|||' })
  })

  it('counts a shorter list by its length', async () => {
    const list = await queryClient.fetchQuery(moduleSearchQuery({ q: 'chart' }, 4))
    expect(list.names).toEqual(['mod-0', 'mod-3', 'mod-6'])
    expect(list.total).toBe(3)
  })

  it('asks for the names only when the sort or the order changes: the total of a category and a text is kept', async () => {
    await queryClient.fetchQuery(moduleSearchQuery({ q: 'form', category: 'Devtools' }, 2))
    expect(statements.filter((sql) => sql.includes('COUNT('))).toHaveLength(1)
    statements.length = 0
    const sorted = await queryClient.fetchQuery(moduleSearchQuery({ q: 'form', category: 'Devtools', sortBy: 'stars', orderBy: 'asc' }, 2))
    expect(sorted).toMatchObject({ names: ['mod-1', 'mod-2'], total: 6 })
    expect(statements).toHaveLength(1)
    expect(statements[0]).not.toContain('COUNT(')
  })

  it('reports a failed count when the list needs it', async () => {
    countFails = true
    await expect(queryClient.fetchQuery({ ...moduleSearchQuery({ q: '' }, 2), retry: false })).rejects.toThrow('the database is unavailable')
    // A short list does not need it, and its failure goes unreported.
    await expect(queryClient.fetchQuery({ ...moduleSearchQuery({ q: 'chart' }, 5), retry: false })).resolves.toMatchObject({ total: 3 })
  })
})
