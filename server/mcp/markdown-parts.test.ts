import { describe, expect, it } from 'vitest'

import { headingText, pageParts, splitSections } from './markdown-parts'

const RAW = 'https://docs.example.test/raw/a.md'

describe('splitSections', () => {
  it('cuts before each heading of its level outside fenced code, keeping the text before the first', () => {
    const markdown = ['Intro.', '## One {#first}', 'a', '```md', '## not a heading', '```', '### Sub', 'b', '~~~~', '## nor this', '~~~~', '## `Two` *here*', 'c'].join('\n')
    const { intro, sections } = splitSections(markdown, 2)
    expect(intro).toBe('Intro.')
    expect(sections.map((s) => s.title)).toEqual(['One', 'Two here'])
    expect(sections[0]?.text).toBe(['## One {#first}', 'a', '```md', '## not a heading', '```', '### Sub', 'b', '~~~~', '## nor this', '~~~~'].join('\n'))
    expect(splitSections(sections[0]?.text ?? '', 3).sections.map((s) => s.title)).toEqual(['Sub'])
  })

  it('reads a heading as a reader does', () => {
    expect(headingText('Use [`defineRoute`](/docs/x) **now** {.badge}')).toBe('Use defineRoute now')
  })
})

describe('pageParts', () => {
  const page = ['# Page', '', 'Intro.', '', '## Short', '', 'tiny', '', '## Long', '', 'x'.repeat(300)].join('\n')

  it('gives the whole page when it fits, and its outline', () => {
    expect(pageParts(page, undefined, { max: 1000, rawUrl: RAW })).toEqual({
      text: page,
      outline: [
        { title: 'Short', chars: 14 },
        { title: 'Long', chars: 309 },
      ],
      whole: true,
      returned: [],
      left: [],
    })
  })

  it('cuts only a part with no subsections longer than one answer, and says where', () => {
    const { text, returned } = pageParts(page, ['long'], { max: 120, rawUrl: RAW })
    expect(returned).toEqual(['Long'])
    expect(text.length).toBeLessThanOrEqual(120)
    expect(text).toMatch(/\[cut here: 309 characters in all; the rest is at https:\/\/docs\.example\.test\/raw\/a\.md\]$/)
  })

  it('names a subsection that is not there, and the ones that are', () => {
    expect(() => pageParts(page, ['Long › Deep'], { rawUrl: RAW })).toThrow('no subsection "Deep" in "Long"; its subsections are: none')
  })
})
