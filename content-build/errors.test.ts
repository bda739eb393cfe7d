import { describe, expect, it } from 'vitest'

import { issueKind, warningLines, type ContentIssue } from './errors'

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
