import { isRecord } from '../is-record.ts'

/** Where a page's Markdown is served: `/docs/4.x/a` → `/raw/docs/4.x/a.md`. */
export function rawPath(path: string): string {
  return `/raw${path === '/' ? '/index' : path}.md`
}

/** A content row's Markdown source (`body.value`, as the build keeps it), trimmed; empty when it has none. */
export function bodyMarkdown(row: Readonly<Record<string, unknown>>): string {
  return isRecord(row.body) && typeof row.body.value === 'string' ? row.body.value.trim() : ''
}

/**
 * A page as Markdown for tools (`/raw/<path>.md`, llms-full.txt, the MCP endpoint): its
 * title as the h1, its description as a quote, then its body.
 */
export function pageMarkdown(row: Readonly<Record<string, unknown>>): string {
  const description = typeof row.description === 'string' && row.description ? `\n> ${row.description}\n` : ''
  return `# ${String(row.title ?? row.path)}\n${description}\n${bodyMarkdown(row)}\n`
}
