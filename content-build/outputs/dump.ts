import { z } from 'zod'

import { type CollectionDefinition, dataBaseColumns, derivedColumns, markdownFields, pageBaseColumns, pageFields, schemaOf } from '../collections/definitions'
import { hash } from './checksum'

/**
 * One SQL dump per collection: the text the browser's sql.js executes to get the
 * collection as a table. Scalars are stored as SQLite values; objects and arrays as
 * JSON text, which the reader parses back using the column kinds in the manifest.
 */

export type ColumnKind = 'string' | 'number' | 'boolean' | 'json'
export interface Column {
  name: string
  kind: ColumnKind
}

export const INFO_TABLE = '_content_info'

export function tableName(collection: string): string {
  return `_content_${collection}`
}

const baseKinds: Record<string, ColumnKind> = {
  id: 'string',
  path: 'string',
  stem: 'string',
  extension: 'string',
  position: 'number',
  title: 'string',
  description: 'string',
  body: 'json',
  seo: 'json',
  navigation: 'json',
  links: 'json',
  heroBackground: 'json',
  modifiedAt: 'string',
  meta: 'json',
}

/** The table's columns: the base columns of its type, then the schema's own fields in declaration order. */
export function columnsOf(def: CollectionDefinition): Column[] {
  const base = def.type === 'page' ? pageBaseColumns : dataBaseColumns
  const skip = new Set<string>([...base, ...(def.type === 'page' ? Object.keys(pageFields) : [])])
  const extras = Object.entries(schemaOf(def).shape)
    .filter(([name]) => !skip.has(name))
    .map(([name, type]): Column => ({ name, kind: markdownFields[def.schema]?.includes(name) ? 'json' : kindOf(type) }))
  const derived = Object.entries(derivedColumns[def.schema] ?? {}).map(([name, kind]): Column => ({ name, kind }))
  return [...base.map((name): Column => ({ name, kind: baseKinds[name] ?? 'json' })), ...extras, ...derived]
}

/** A field's column kind, read from its schema's definition (the full and the mini zod build alike). */
function kindOf(type: z.core.$ZodType): ColumnKind {
  if (type instanceof z.core.$ZodOptional || type instanceof z.core.$ZodNullable || type instanceof z.core.$ZodDefault || type instanceof z.core.$ZodPrefault) {
    return kindOf(type._zod.def.innerType)
  }
  if (type instanceof z.core.$ZodUnion) {
    const kinds = new Set(type._zod.def.options.map((option) => kindOf(option)))
    const [only] = kinds
    return kinds.size === 1 && only ? only : 'json'
  }
  const t = type._zod.def.type
  if (t === 'string' || t === 'enum' || t === 'literal') return 'string'
  if (t === 'number' || t === 'int') return 'number'
  if (t === 'boolean') return 'boolean'
  return 'json'
}

export function sqlLiteral(value: unknown, kind: ColumnKind): string {
  if (value === undefined || value === null) return 'NULL'
  switch (kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : 'NULL'
    case 'boolean':
      return value ? '1' : '0'
    case 'json':
      return quote(JSON.stringify(value))
    default:
      return quote(String(value))
  }
}

/** SQL string literal. NUL is dropped: SQLite's C API would cut the statement there. */
export function quote(text: string): string {
  return `'${text.replaceAll('\0', '').replaceAll("'", "''")}'`
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

export interface Dump {
  sql: string
  checksum: string
}

/**
 * The dump is deterministic (rows in id order, no timestamps), so its checksum only
 * changes when content does. The checksum row goes last: a truncated download lacks
 * it, which is how the reader tells a complete dump from a cut one.
 */
export function createDump(def: CollectionDefinition, columns: Column[], rows: readonly Record<string, unknown>[]): Dump {
  const table = quoteIdent(tableName(def.name))
  const lines: string[] = []
  lines.push(`CREATE TABLE IF NOT EXISTS ${table} (${columns.map((c) => `${quoteIdent(c.name)} ${sqlType(c.kind)}${c.name === 'id' ? ' PRIMARY KEY' : ''}`).join(', ')});`)
  if (def.type === 'page') lines.push(`CREATE INDEX IF NOT EXISTS ${quoteIdent(`${tableName(def.name)}_path`)} ON ${table} ("path");`)
  lines.push('BEGIN;')
  const sorted = [...rows].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1))
  for (const row of sorted) {
    lines.push(`INSERT INTO ${table} VALUES (${columns.map((c) => sqlLiteral(row[c.name], c.kind)).join(', ')});`)
  }
  lines.push('COMMIT;')
  const body = `${lines.join('\n')}\n`
  const checksum = hash(body)
  const info = [
    `CREATE TABLE IF NOT EXISTS ${quoteIdent(INFO_TABLE)} ("id" TEXT PRIMARY KEY, "checksum" TEXT, "rows" INTEGER);`,
    `INSERT OR REPLACE INTO ${quoteIdent(INFO_TABLE)} VALUES (${quote(def.name)}, ${quote(checksum)}, ${rows.length});`,
  ].join('\n')
  return { sql: `${body}${info}\n`, checksum }
}

function sqlType(kind: ColumnKind): string {
  return kind === 'number' ? 'REAL' : kind === 'boolean' ? 'INTEGER' : 'TEXT'
}
