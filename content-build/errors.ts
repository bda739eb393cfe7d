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

/**
 * The lines the build prints for its warnings: each one when there are at most
 * WARNINGS_SHOWN; otherwise the first WARNINGS_SHOWN, how many more there are, and the
 * count of each kind, most frequent first (a first build of a large foreign tree would
 * otherwise print hundreds of lines).
 */
export function warningLines(warnings: readonly ContentIssue[]): string[] {
  const lines = warnings.slice(0, WARNINGS_SHOWN).map((warning) => `warning: ${formatIssue(warning)}`)
  if (warnings.length <= WARNINGS_SHOWN) return lines
  const kinds = new Map<string, number>()
  for (const warning of warnings) kinds.set(issueKind(warning), (kinds.get(issueKind(warning)) ?? 0) + 1)
  const counts = [...kinds].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([kind, count]) => `${count} ${kind}`)
  return [...lines, `… and ${warnings.length - WARNINGS_SHOWN} more warnings (${warnings.length} in all: ${counts.join(', ')})`]
}
