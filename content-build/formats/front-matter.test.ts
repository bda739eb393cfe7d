import { describe, expect, it } from 'vitest'

import { parseMarkdownSource, parseYaml } from './front-matter'

// Broken front matter → the line (in the file, fences included) and field an author
// must fix, and what the message tells them to do.
const brokenFrontMatter: [string, string, number, string | undefined, string][] = [
  ['an unclosed quote', 'title: "Routing\ndescription: How routes work\nnavigation: true', 2, 'title', 'the quoted value opened here is never closed: add the closing "'],
  ['an unclosed quote before a quoted value', 'title: "Routing\ndescription: "How routes work"', 2, 'title', 'add the closing "'],
  ["an unclosed ' quote", "navigation: true\ntitle: 'Routing\ndescription: x", 3, 'title', "the quoted value opened here is never closed: add the closing '"],
  ['an unclosed quote in a nested field', 'title: x\nseo:\n  title: "SEO\n  description: y\nnavigation: true', 4, 'seo.title', 'add the closing "'],
  ['an unclosed quote in a list item', 'title: x\nlinks:\n  - label: "Edit\n    to: /x\nnavigation: true', 4, 'links.0.label', 'add the closing "'],
  ['an unclosed quote inside [ ]', 'title: x\ntags: [a, "b]\nnavigation: true', 3, 'tags.1', 'add the closing "'],
  ['an unclosed [', 'title: x\ntags: [a, b\ndescription: y', 3, 'tags', 'the list opened with "[" here is never closed: add the closing "]"'],
  ['an unclosed [ around a closed one', 'title: x\ntags: [a, [b, c]\ndescription: y', 3, 'tags', 'add the closing "]"'],
  ['an unclosed {', 'title: x\nseo: { title: a, tags: [b]\ndescription: y', 3, 'seo', 'the mapping opened with "{" here is never closed: add the closing "}"'],
  ['a tab indent', 'title: x\nseo:\n\ttitle: a\ndescription: y', 4, undefined, 'this line is indented with a tab: YAML indents with spaces only, replace the tab with spaces'],
  ['a key set twice', 'title: x\ndescription: y\ntitle: z', 4, 'title', '"title" is set twice (first on line 2): keep one'],
  [
    '": " in a plain value',
    'title: Routing: the basics\ndescription: y',
    2,
    'title',
    'the value contains ": ", which YAML reads as another key: put the value in quotes, e.g. "Routing: the basics"',
  ],
  [
    'a line indented under a value',
    'title: x\n  description: y\nnavigation: true',
    3,
    undefined,
    'this line is indented under a field that already has a value on its own line: remove the indent',
  ],
  ['a value starting with @', 'title: x\nauthor: @octocat', 3, 'author', 'a value cannot start with @ unless it is quoted: put the value in quotes'],
  [
    'Markdown emphasis as a value',
    'title: x\ndescription: *Fast* docs',
    3,
    'description',
    'a value cannot start with * unless it is quoted (YAML reads *name as a reference): put the value in quotes',
  ],
  ['an alias with no anchor', 'title: x\ndescription: *Fast', 3, 'description', 'a value cannot start with * unless it is quoted'],
  ['text after the closing "', 'title: "say "hi" now"', 2, 'title', `text follows the closing ": put the value in ' ' instead, or write \\" for each " inside it`],
  ["text after the closing '", "title: 'it's here'", 2, 'title', `text follows the closing ': put the value in " " instead, or write '' for each ' inside it`],
  ['a backslash inside " "', 'title: "C:\\path"', 2, 'title', `a backslash inside " " starts an escape such as \\n: write \\\\ for a backslash, or put the value in ' ' instead`],
  ['no space after the colon', 'title:x\nnavigation: true', 2, undefined, 'expected "key: value": add a space after the ":"'],
  ['no colon', 'title x\nnavigation: true', 2, undefined, 'expected "key: value" or "- item" on this line: add the ":" after the key'],
]

describe('front matter', () => {
  it.each(brokenFrontMatter)('reports %s on the line that causes it', (_, yaml, line, field, message) => {
    const parsed = parseMarkdownSource('a.md', `---\n${yaml}\n---\n\n# Body\n`)
    expect(parsed).toEqual({ file: 'a.md', line, ...(field ? { field } : {}), message: expect.stringContaining(message) })
  })

  it.each([
    ['after its last field', '---\ntitle: x\ndescription: y\n\n# Body\n\nText\n', 3, 'the front matter opened on line 1 is never closed: add a "---" line after this one'],
    [
      'on its opening line when it cannot tell where it ends',
      '---\ntitle: x\n# Body\nText\n',
      1,
      'the front matter opened here is never closed: add a "---" line after its last field',
    ],
    [
      'after its last field when a later "---" closes it',
      '---\ntitle: x\ndescription: y\n\n## Setup\n\nRun it.\n\n::callout\n---\nicon: i-x\n---\nHi\n::\n',
      3,
      'the front matter is not closed after this line, so the Markdown down to the "---" on line 10 is read as YAML: add a "---" line after this one',
    ],
    [
      'after its last field when prose follows it',
      '---\ntitle: x\n\nSome text. More text\n\n---\n\nMore\n',
      2,
      'the front matter is not closed after this line, so the Markdown down to the "---" on line 6',
    ],
  ])('reports a missing closing "---" %s', (_, source, line, message) => {
    expect(parseMarkdownSource('a.md', source)).toEqual({ file: 'a.md', line, message: expect.stringContaining(message) })
  })

  it('keeps a comment after a blank line in front matter, and reports the real mistake below it', () => {
    expect(parseMarkdownSource('a.md', '---\ntitle: x\n\n# a comment\nnavigation: true\ntags: [a\n---\n')).toMatchObject({
      line: 6,
      field: 'tags',
      message: expect.stringContaining('add the closing "]"'),
    })
  })

  it('reports YAML files on the line that causes it', () => {
    expect(parseYaml('a.yml', 'name: x\ndescription: "Fast\ncategory: CMS\n')).toEqual({
      file: 'a.yml',
      line: 2,
      field: 'description',
      message: 'the quoted value opened here is never closed: add the closing "',
    })
    expect(parseYaml('a.yml', '[a, b\n')).toMatchObject({ line: 1, message: 'the list opened with "[" here is never closed: add the closing "]"' })
    expect(parseYaml('a.yml', 'name: a\n---\nname: b\n')).toMatchObject({ line: 2, message: 'a "---" line starts a second YAML document, and a content file holds one: remove it' })
    expect(parseYaml('.navigation.yml', 'title: Guide\nicon: "i-lucide-book\n', 1)).toMatchObject({ line: 2, field: 'icon' })
  })

  it('splits front matter from the body and knows where the body starts', () => {
    const parsed = parseMarkdownSource('a.md', '---\ntitle: Hi\ntags:\n  - x\n---\n\n# Body\n')
    expect('yaml' in parsed && parsed.yaml.data).toEqual({ title: 'Hi', tags: ['x'] })
    expect('body' in parsed && parsed.body).toBe('\n# Body\n')
    expect('bodyLine' in parsed && parsed.bodyLine).toBe(6)
  })

  it('maps a field to its line in the file', () => {
    const parsed = parseMarkdownSource('a.md', '---\ntitle: Hi\nauthors:\n  - name: A\n  - name: 3\n---\n')
    if (!('yaml' in parsed)) throw new Error('expected parsed front matter')
    expect(parsed.yaml.lineOf(['title'])).toBe(2)
    expect(parsed.yaml.lineOf(['authors', 1, 'name'])).toBe(5)
    // A missing field points at its nearest parent that exists.
    expect(parsed.yaml.lineOf(['authors', 1, 'avatar'])).toBe(5)
  })

  it('rejects front matter that is not a mapping', () => {
    expect(parseMarkdownSource('a.md', '---\n- just\n- a list\n---\n')).toMatchObject({ line: 2, message: 'expected key: value pairs at the top level' })
  })

  it('treats a file without front matter as all body', () => {
    const parsed = parseMarkdownSource('a.md', '# Only body\n')
    expect('body' in parsed && parsed.body).toBe('# Only body\n')
  })
})
