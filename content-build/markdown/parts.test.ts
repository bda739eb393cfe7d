import { describe, expect, it } from 'vitest'

import { parseMarkdown, processMarkdown } from '.'
import { FIRST_PART_CHARS, PART_CHARS, splitBody } from './parts'

const filler = (n: number) => `${'Words that fill a paragraph of a long reference page. '.repeat(20)}(${n})`

/** A long page: sections with a heading, paragraphs, a code block and reference links, definitions at the end. */
function longPage(sections: number) {
  const blocks: string[] = []
  for (let s = 0; s < sections; s++)
    blocks.push(`## Section ${s}`, filler(s), '```js', `const section = ${s}`, '```', `See [the server][server] and [the hooks][hooks].`, filler(s))
  blocks.push('[server]: /docs/4.x/reference/server', '[hooks]: /docs/4.x/reference/hooks')
  return blocks.join('\n\n')
}

describe('a long body cut into parts', () => {
  it('is cut at headings once far enough (the first part, which the first screen shows, sooner), with the headings and code blocks before each cut', async () => {
    const { body } = await processMarkdown(longPage(30), {
      file: 'x.md',
      lineOffset: 0,
      path: '/docs/4.x/x',
      title: () => 'X',
      link: { fileDir: '', prefix: '/docs/4.x', docsVersionPaths: ['/docs/4.x'] },
    })
    const parts = body.parts ?? []
    expect(parts.length).toBeGreaterThan(3)
    let last = 0
    for (const [i, part] of parts.entries()) {
      expect(part.at - last).toBeGreaterThanOrEqual(i === 0 ? FIRST_PART_CHARS : PART_CHARS)
      expect(body.value.slice(part.at)).toMatch(/^## Section (\d+)/)
      const section = Number(/^## Section (\d+)/.exec(body.value.slice(part.at))?.[1])
      // One heading and one code block per section before the cut.
      expect(part).toEqual({ at: part.at, headings: section, codes: section })
      last = part.at
    }
    // The first cut is the first heading past FIRST_PART_CHARS, well before PART_CHARS.
    expect(parts[0]?.at).toBeLessThan(PART_CHARS)
    expect(body.definitions).toBe('[server]: /docs/4.x/reference/server\n[hooks]: /docs/4.x/reference/hooks')
  })

  it('is not cut when short, or when it has footnotes numbered across the page', () => {
    expect(splitBody('Short.', parseMarkdown('Short.'))).toBeUndefined()
    const footnoted = `${longPage(30)}\n\nA claim.[^1]\n\n[^1]: The source.`
    expect(splitBody(footnoted, parseMarkdown(footnoted))).toBeUndefined()
  })
})
