import { describe, expect, it } from 'vitest'

import { ContentBuildError, type ContentIssue, formatIssue, issueKind, issueName, warningLines, warningsFile } from './errors'
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

  it('groups more than ten by kind, then by name, with counts and the first place of each', () => {
    const warnings = [...Array.from({ length: 8 }, (_, i) => broken(i + 1)), broken(3), unknown, { ...unknown, line: 9 }, ...Array.from({ length: 12 }, (_, i) => anchor(i + 1))]
    expect(issueName(unknown)).toBe('u-button')
    expect(warningLines(warnings)).toEqual([
      '23 warnings, by kind and name (count, first place):',
      '  broken anchor: 12 (12 names)',
      '    #a1      1  docs/t.md:1',
      '    #a10     1  docs/t.md:10',
      '    #a11     1  docs/t.md:11',
      '    #a12     1  docs/t.md:12',
      '    #a2      1  docs/t.md:2',
      '    #a3      1  docs/t.md:3',
      '    #a4      1  docs/t.md:4',
      '    #a5      1  docs/t.md:5',
      '    … and 4 more',
      '  broken link: 9 (8 names)',
      '    /docs/4.x/p3     2  first at docs/3.md:3',
      '    /docs/4.x/p1     1  docs/1.md:1',
      '    /docs/4.x/p2     1  docs/2.md:2',
      '    /docs/4.x/p4     1  docs/4.md:4',
      '    /docs/4.x/p5     1  docs/5.md:5',
      '    /docs/4.x/p6     1  docs/6.md:6',
      '    /docs/4.x/p7     1  docs/7.md:7',
      '    /docs/4.x/p8     1  docs/8.md:8',
      '  unknown component: 2',
      '    u-button     2  first at docs/c.md:3',
    ])
  })

  it('gives a kind about nothing by name one line with its place', () => {
    const unread = { file: 'docs/.vitepress/config.ts', message: 'the sidebar could not be read (Build failed): the sidebar follows the files instead' }
    expect(warningLines([...Array.from({ length: 10 }, (_, i) => anchor(i + 1)), unread]).at(-1)).toBe(
      '  the sidebar could not be read (Build failed): 1  docs/.vitepress/config.ts',
    )
  })

  it('keeps every name and every warning in the warnings file', () => {
    const warnings = Array.from({ length: 12 }, (_, i) => anchor(i + 1))
    const file = warningsFile(warnings).split('\n')
    expect(file.filter((line) => /^ {4}#a\d+ /.test(line))).toHaveLength(12)
    expect(file.slice(file.indexOf('Every warning:') + 1, -1)).toEqual(warnings.map(formatIssue))
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
