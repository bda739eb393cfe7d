import { describe, expect, it } from 'vitest'

import { ContentBuildError, type ContentIssue, formatIssue, issueKind, warningLines } from './errors'
import { parseMarkdownSource } from './formats/front-matter'

const broken = (n: number): ContentIssue => ({
  file: `docs/${n}.md`,
  line: n,
  field: 'link',
  message: `broken link "/docs/4.x/p${n}": no page, route or file has the path /docs/4.x/p${n}`,
})
const anchor = (n: number): ContentIssue => ({ file: 'docs/t.md', line: n, field: 'link', message: `broken anchor "#a${n}": /docs/4.x/t has no heading with that id` })
const unknown: ContentIssue = { file: 'docs/c.md', line: 3, message: 'unknown component "u-button": its content renders without it' }

describe('build warnings', () => {
  it('names the kind of a warning without its names and paths', () => {
    expect(issueKind(broken(1))).toBe('broken link')
    expect(issueKind(anchor(1))).toBe('broken anchor')
    expect(issueKind(unknown)).toBe('unknown component')
    expect(issueKind({ file: 'a.md', message: 'sidebar link "Guide" is not a page of the tree: left out of the sidebar' })).toBe('sidebar link is not a page of the tree')
  })

  it('prints every warning when there are at most ten', () => {
    expect(warningLines([broken(1), unknown])).toEqual([
      'warning: docs/1.md:1  link: broken link "/docs/4.x/p1": no page, route or file has the path /docs/4.x/p1',
      'warning: docs/c.md:3  unknown component "u-button": its content renders without it',
    ])
  })

  it('prints the first ten and a count per kind when there are more', () => {
    const warnings = [...Array.from({ length: 8 }, (_, i) => broken(i + 1)), unknown, ...Array.from({ length: 12 }, (_, i) => anchor(i + 1))]
    const lines = warningLines(warnings)
    expect(lines).toHaveLength(11)
    expect(lines[9]).toBe('warning: docs/t.md:1  link: broken anchor "#a1": /docs/4.x/t has no heading with that id')
    expect(lines[10]).toBe('… and 11 more warnings (21 in all: 12 broken anchor, 8 broken link, 1 unknown component)')
  })
})

describe('content errors', () => {
  it('print the file, line and field, then what is wrong and what to do', () => {
    expect(formatIssue({ file: 'a.md', line: 2, field: 'title', message: 'is required' })).toBe('a.md:2  title: is required')
    expect(formatIssue({ file: 'a.md', line: 4, message: 'this line is indented with a tab' })).toBe('a.md:4  this line is indented with a tab')
    expect(formatIssue({ file: 'a.md', message: 'no title' })).toBe('a.md  no title')
  })

  it('point an unclosed quote in front matter at the line it opens on, not the closing "---"', () => {
    const file = 'content/docs/4.x/1.getting-started/5.routing.md'
    const parsed = parseMarkdownSource(file, '---\ntitle: "Routing\ndescription: How routes work\nnavigation: true\n---\n\n# Routing\n')
    if (!('message' in parsed)) throw new Error('expected an issue')
    expect(new ContentBuildError([parsed]).message).toBe(`Content build failed with 1 error:\n  ${file}:2  title: the quoted value opened here is never closed: add the closing "`)
  })
})
