import { isRecord } from '../../src/contract/is-record'
import type { SiteConfig } from '../../src/contract/site-schema'
import type { ContentIssue } from '../errors'
import { isExternal } from '../markdown/links'
import type { PoolTask } from '../workers/pool'
import type { CollectionDefinition } from './definitions'
import type { EntryResult, Row } from './entry'

/** A file's result with the row the build keeps (a copy it may change). */
export interface Entry {
  task: PoolTask
  result: EntryResult
  row: Row
}

export interface CollectionEntries {
  def: CollectionDefinition
  entries: Entry[]
}

/** Two pages may not share a path, whichever collections they come from. */
export function checkUniquePaths(collections: readonly CollectionEntries[]): { owners: Map<string, string>; errors: ContentIssue[] } {
  const owners = new Map<string, string>()
  const errors: ContentIssue[] = []
  for (const { def, entries } of collections) {
    if (def.type !== 'page') continue
    for (const { row, task } of entries) {
      const path = String(row.path)
      const owner = owners.get(path)
      if (owner) errors.push({ file: task.file.display, line: 1, field: 'path', message: `duplicate path ${path}: ${owner} already has it` })
      else owners.set(path, task.file.display)
    }
  }
  return { owners, errors }
}

/**
 * Module names are their URLs (`/modules/<name>`), so they must be unique. An icon
 * given as a file name is resolved against the modules icon base; a full URL is kept.
 * The sort columns (moduleSortColumns) are copied from the stats and the type.
 */
export function resolveModules(entries: readonly Entry[], config: SiteConfig): { names: string[]; errors: ContentIssue[] } {
  const owners = new Map<string, string>()
  const errors: ContentIssue[] = []
  const base = config.modules.iconBaseUrl.replace(/\/?$/, '/')
  for (const { row, task } of entries) {
    const name = String(row.name)
    const owner = owners.get(name)
    if (owner) errors.push({ file: task.file.display, line: 1, field: 'name', message: `duplicate module name "${name}": ${owner} already has it` })
    owners.set(name, task.file.display)
    const icon = String(row.icon)
    if (!isExternal(icon)) row.icon = base + icon.replace(/^\//, '')
    const stats = isRecord(row.stats) ? row.stats : {}
    Object.assign(row, { downloads: stats.downloads, stars: stats.stars, publishedAt: stats.publishedAt, createdAt: stats.createdAt, official: row.type === 'official' })
  }
  return { names: [...owners.keys()], errors }
}
