import { describe, expect, it } from 'vitest'

import { parseMarkdownSource, parseYaml } from './front-matter'

describe('front matter', () => {
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

  it('reports invalid YAML with its file line', () => {
    const parsed = parseMarkdownSource('a.md', '---\ntitle: Hi\ndescription: [unclosed\n---\n')
    expect(parsed).toMatchObject({ file: 'a.md', line: expect.any(Number), message: expect.stringContaining('invalid YAML') })
    expect('line' in parsed && parsed.line).toBeGreaterThanOrEqual(3)
  })

  it('reports duplicate keys', () => {
    expect(parseYaml('a.yml', 'name: a\nname: b\n')).toMatchObject({ file: 'a.yml', line: 2, message: expect.stringContaining('invalid YAML') })
  })

  it('rejects front matter that is not a mapping', () => {
    expect(parseMarkdownSource('a.md', '---\n- just\n- a list\n---\n')).toMatchObject({ line: 2, message: 'expected key: value pairs at the top level' })
  })

  it('reports front matter that is never closed', () => {
    expect(parseMarkdownSource('a.md', '---\ntitle: x\n\n# Body')).toMatchObject({ line: 1, message: expect.stringContaining('never closed') })
  })

  it('treats a file without front matter as all body', () => {
    const parsed = parseMarkdownSource('a.md', '# Only body\n')
    expect('body' in parsed && parsed.body).toBe('# Only body\n')
  })
})
