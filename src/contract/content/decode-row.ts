import type { ManifestCollection } from './build-output.ts'

/**
 * Turns a row as SQLite returns it back into its content form: JSON columns parsed,
 * booleans from 1/0. The same for the worker and for the query endpoint.
 */
export function decodeRow(row: Record<string, unknown>, columns: ManifestCollection['columns']): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const kinds = new Map(columns.map((c) => [c.name, c.kind]))
  for (const [name, value] of Object.entries(row)) {
    const kind = kinds.get(name)
    if (value === null || value === undefined) continue
    if (kind === 'json' && typeof value === 'string') out[name] = JSON.parse(value)
    else if (kind === 'boolean') out[name] = value === 1 || value === true
    else out[name] = value
  }
  return out
}
