import { type ContentIssue, formatIssue, warningLines, WARNINGS_SHOWN } from '../errors'

/**
 * What the dev server prints of each build's warnings. The first build prints them as
 * `npm run build` does (one a line, or grouped by kind and name when there are many,
 * with the file that lists them all); a rebuild prints only the warnings it adds, so a
 * save is one line in the terminal, not the whole list again, and a new warning is not
 * buried under the old ones.
 */
export function devWarnings(everyWarningFile: string) {
  let printed: Set<string> | undefined
  return (warnings: readonly ContentIssue[]): string[] => {
    const seen = printed
    const fresh = seen ? warnings.filter((warning) => !seen.has(formatIssue(warning))) : warnings
    printed = new Set(warnings.map(formatIssue))
    const lines = warningLines(fresh)
    if (fresh.length > WARNINGS_SHOWN) lines.push(`every warning: ${everyWarningFile}`)
    return lines
  }
}
