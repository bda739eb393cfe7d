import { describe, expect, it } from 'vitest'

import { generateCorpus } from '../../testing/corpus/generate'
import { parseMarkdown, processMarkdown } from '.'
import { FIRST_PART_CHARS, PART_CHARS, shiftedOffsets, splitBody } from './parts'

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

  /** A long page written with relative links, which the build rewrites in place to longer site paths. */
  function relativePage(sections: number, extra = '') {
    const blocks = ['# Relative']
    for (let s = 0; s < sections; s++)
      blocks.push(`## Section ${s}`, filler(s), `Read [the guide](./guide-${s}.md) and [the server][server].${extra}`, '```ts', `const section = ${s}`, '```', filler(s))
    blocks.push('[server]: ../reference/server.md')
    return blocks.join('\n\n')
  }
  const ctx = {
    file: 'guide/x.md',
    lineOffset: 0,
    path: '/docs/4.x/guide/x',
    title: () => 'Relative',
    link: { fileDir: 'guide', prefix: '/docs/4.x', docsVersionPaths: ['/docs/4.x'] },
  }

  it('is cut where the stored text, read back, says, also when links were rewritten in place or HTML became Markdown', async () => {
    for (const source of [relativePage(30), relativePage(30, ' <a id="here"></a>'), longPage(30)]) {
      const { body } = await processMarkdown(source, ctx)
      expect(body.parts?.length).toBeGreaterThan(3)
      expect({ parts: body.parts, definitions: body.definitions }).toEqual(splitBody(body.value, parseMarkdown(body.value)))
    }
    // The rewritten links moved every block: the cuts are not where the source had them.
    const { body } = await processMarkdown(relativePage(30), ctx)
    expect(body.value).toContain('](/docs/4.x/guide/guide-0)')
    expect(body.value).not.toContain('# Relative\n')
    expect(body.parts).not.toEqual(splitBody(body.value, parseMarkdown(relativePage(30)))?.parts)
  })

  it('is cut as read back for every long page of a generated docs tree', async () => {
    const pages = generateCorpus(150).filter((file) => file.path.endsWith('.md') && file.content.length > PART_CHARS)
    expect(pages.length).toBeGreaterThan(10)
    for (const page of pages) {
      const source = page.content.replace(/^---\n[\s\S]*?\n---\n/, '')
      const { body } = await processMarkdown(source, { ...ctx, file: page.path, title: () => 'Page' })
      expect({ parts: body.parts, definitions: body.definitions }, page.path).toEqual(
        splitBody(body.value, parseMarkdown(body.value)) ?? { parts: undefined, definitions: undefined },
      )
    }
  })

  it('maps offsets of the source to the edited text, and none inside an edit', () => {
    const at = shiftedOffsets([
      { start: 2, end: 4, text: 'abcd' },
      { start: 10, end: 15, text: '' },
    ])
    expect([at(0), at(2), at(3), at(4), at(9), at(10), at(12), at(15), at(20)]).toEqual([0, 2, undefined, 6, 11, 12, undefined, 12, 17])
  })

  it('is not cut when short, or when it has footnotes numbered across the page', () => {
    expect(splitBody('Short.', parseMarkdown('Short.'))).toBeUndefined()
    const footnoted = `${longPage(30)}\n\nA claim.[^1]\n\n[^1]: The source.`
    expect(splitBody(footnoted, parseMarkdown(footnoted))).toBeUndefined()
  })
})
