/**
 * Problems found in content. Every problem names the file (relative to the project
 * root), the 1-based line when it is known, and the field when one is at fault, so an
 * author can jump straight to it.
 */
export interface ContentIssue {
  file: string
  line?: number
  field?: string
  message: string
}

export function formatIssue(issue: ContentIssue): string {
  const where = issue.line ? `${issue.file}:${issue.line}` : issue.file
  return issue.field ? `${where}  ${issue.field}: ${issue.message}` : `${where}  ${issue.message}`
}

/** Thrown when content is invalid; `issues` holds every problem found, not just the first. */
export class ContentBuildError extends Error {
  constructor(readonly issues: ContentIssue[]) {
    const shown = issues.slice(0, 50).map((i) => `  ${formatIssue(i)}`)
    const more = issues.length > 50 ? [`  … and ${issues.length - 50} more`] : []
    super(`Content build failed with ${issues.length} error${issues.length === 1 ? '' : 's'}:\n${[...shown, ...more].join('\n')}`)
    this.name = 'ContentBuildError'
  }
}

/** Warnings printed one per line at most; past that, the build prints these and a count per kind. */
export const WARNINGS_SHOWN = 10

/**
 * What kind of warning an issue is, for the summary: its message without the quoted
 * names and paths, up to its first colon (`broken link`, `broken anchor`, `unknown component`).
 */
export function issueKind(issue: ContentIssue): string {
  const kind = issue.message
    .replace(/"[^"]*"/g, '')
    .split(':')[0]
    ?.replace(/\s+/g, ' ')
    .trim()
  return kind || issue.message
}

/** What a warning is about: the first name or path it quotes (`code-preview`, `/docs/4.x/guide`), if any. */
export function issueName(issue: ContentIssue): string | undefined {
  return /"([^"]*)"/.exec(issue.message)?.[1]
}

/**
 * Warnings grouped by kind, then by the name each is about, most frequent first, each
 * name with its count and the first place it occurs, so a team importing a tree sees
 * what did not map at a glance. `names` caps the names listed per kind.
 */
export function warningReport(warnings: readonly ContentIssue[], names = Infinity): string[] {
  const kinds = new Map<string, { count: number; names: Map<string, { count: number; first: ContentIssue }> }>()
  for (const warning of warnings) {
    const kind = issueKind(warning)
    const group = kinds.get(kind) ?? { count: 0, names: new Map() }
    kinds.set(kind, group)
    group.count++
    const name = issueName(warning) ?? ''
    const entry = group.names.get(name)
    if (entry) entry.count++
    else group.names.set(name, { count: 1, first: warning })
  }
  const byCount = <T extends { count: number }>(entries: Iterable<[string, T]>) => [...entries].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
  const place = (issue: ContentIssue) => (issue.line ? `${issue.file}:${issue.line}` : issue.file)
  const lines: string[] = []
  for (const [kind, group] of byCount(kinds)) {
    const sorted = byCount(group.names)
    const [only] = sorted
    // A kind about nothing by name (`the sidebar could not be read`) is one line with its place.
    if (sorted.length === 1 && only?.[0] === '') {
      lines.push(`  ${kind}: ${group.count}  ${group.count > 1 ? 'first at ' : ''}${place(only[1].first)}`)
      continue
    }
    lines.push(`  ${kind}: ${group.count}${group.names.size > 1 ? ` (${group.names.size} names)` : ''}`)
    const width = Math.min(40, Math.max(...sorted.slice(0, names).map(([name]) => name.length)))
    for (const [name, { count, first }] of sorted.slice(0, names)) {
      lines.push(`    ${(name || '(no name)').padEnd(width)}  ${String(count).padStart(4)}  ${count > 1 ? 'first at ' : ''}${place(first)}`)
    }
    if (sorted.length > names) lines.push(`    … and ${sorted.length - names} more`)
  }
  return lines
}

/** Names listed per kind in the build's own output; the warnings file lists them all. */
const NAMES_SHOWN = 8

/**
 * The lines the build prints for its warnings: each one when there are at most
 * WARNINGS_SHOWN; otherwise (a first build of a large foreign tree would print hundreds)
 * the warnings grouped by kind and name, with counts and where each first occurs.
 */
export function warningLines(warnings: readonly ContentIssue[]): string[] {
  if (warnings.length <= WARNINGS_SHOWN) return warnings.map((warning) => `warning: ${formatIssue(warning)}`)
  return [`${warnings.length} warnings, by kind and name (count, first place):`, ...warningReport(warnings, NAMES_SHOWN)]
}

/** The warnings file: the grouped report with every name, then every warning, one per line. */
export function warningsFile(warnings: readonly ContentIssue[]): string {
  return [`${warnings.length} warnings, by kind and name (count, first place):`, ...warningReport(warnings), '', 'Every warning:', ...warnings.map(formatIssue), ''].join('\n')
}
