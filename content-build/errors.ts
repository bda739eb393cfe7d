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
