// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { PageBody } from '@/contract/content/body'

import { buildContent } from '../../../content-build/build'
import { createFixture, md } from '../../../testing/fixture-site'
import MarkdownBody, { loadParser } from './markdown-body'

let body: PageBody
let longBody: PageBody

// Rendered straight, without a route's loader: the parser on this thread first, as a loader would fetch it.
beforeAll(async () => {
  await loadParser()
})

beforeAll(async () => {
  const source = [
    '## Install it',
    '',
    '::code-group',
    '```bash [npm]',
    'npm install fjord',
    '```',
    '',
    '```bash [pnpm]',
    'pnpm add fjord',
    '```',
    '::',
    '',
    '```ts [fjord.config.ts]',
    'export default defineFjordConfig({ ssr: true })',
    '```',
    '',
    '> [!WARNING]',
    '> Mind the gap.',
    '',
    '::tip',
    'A tip.',
    '::',
    '',
    '::mystery-box',
    'Kept content.',
    '::',
    '',
    ':read-more{to="/docs/4.x/guide/concepts/rendering"}',
    '',
    '::code-tree',
    '```ts [app/app.config.ts]',
    'export default {}',
    '```',
    '',
    '```ts [server/api/hello.ts]',
    "export default () => 'hi'",
    '```',
    '::',
    '',
    '::video{src="https://videos.example.com/intro.mp4" poster="/img/diagram.png" title="Fjord in 100 seconds"}',
    '::',
    '',
    ':button{to="/docs/4.x/guide/concepts/rendering" label="Go to rendering"}',
    '',
    '| a | b |',
    '| - | - |',
    '| 1 | 2 |',
    '',
    '### Second level',
    '',
    '![A diagram](/img/diagram.png)',
    '',
    '```html [danger.html]',
    '<script>alert("x")</script> & <b>bold</b>',
    '```',
  ].join('\n')
  // Compiled by the real content build (its workers run Shiki in Node, not in jsdom).
  const fixture = await createFixture({
    'content/docs/4.x/1.page.md': md({ title: 'Page' }, source),
    'content/docs/4.x/2.guide/1.concepts/1.rendering.md': md({ title: 'Rendering' }, 'Rendering.\n'),
    'public/img/diagram.png': 'png',
    'public/img/diagram@2x.png': 'png',
    // A long reference page: sections with code and reference links, the definitions at the end.
    'content/docs/4.x/3.long.md': md(
      { title: 'Long' },
      [
        ...Array.from({ length: 24 }, (_, i) => [
          `## Section ${i}`,
          `${'A paragraph of a long reference page. '.repeat(30)}(${i})`,
          '```js',
          `const section = ${i}`,
          '```',
          `Read [the page][page] for section ${i}.`,
        ]).flat(),
        '[page]: /docs/4.x/page',
      ].join('\n\n'),
    ),
  })
  const out = await buildContent({ root: fixture.root, config: fixture.config, env: {} })
  body = out.pages.find((p) => p.path === '/docs/4.x/page')?.row?.body as PageBody
  longBody = out.pages.find((p) => p.path === '/docs/4.x/long')?.row?.body as PageBody
  await fixture.cleanup()
})
afterEach(cleanup)
afterAll(() => vi.unstubAllGlobals())

function renderBody(at = '/docs/4.x/page') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <MarkdownBody body={body} />
    </MemoryRouter>,
  )
}

describe('the Markdown renderer', () => {
  it('shows a code tree as file tabs, a video as a link card with its poster, and a button as a link', () => {
    renderBody()
    expect(
      within(screen.getByRole('tablist', { name: 'Files' }))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['app/app.config.ts', 'server/api/hello.ts'])
    const video = screen.getByRole('link', { name: /Fjord in 100 seconds/ })
    expect(video.getAttribute('href')).toBe('https://videos.example.com/intro.mp4')
    expect(video.querySelector('img')?.getAttribute('src')).toBe('/img/diagram.png')
    expect(screen.getByRole('link', { name: 'Go to rendering' }).getAttribute('href')).toBe('/docs/4.x/guide/concepts/rendering')
  })

  it('frames an unknown component with its name around what it holds, and one that holds nothing as a labelled placeholder', () => {
    const unknown: PageBody = { type: 'markdown', value: '::fancy-box\nKept.\n::\n\n::empty-widget\n::\n', toc: [], code: [], palette: [] }
    render(
      <MemoryRouter>
        <MarkdownBody body={unknown} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('figure', { name: 'fancy-box' }).textContent).toContain('Kept.')
    expect(screen.getByRole('figure', { name: 'empty-widget' }).className).toContain('mdc-frame-empty')
  })

  it('draws a line break written as HTML and anchors given as spans with ids; other HTML stays text', () => {
    const { container } = render(
      <MemoryRouter>
        <MarkdownBody body={{ type: 'markdown', value: '[]{id="top"}\n\n| a<br>b | <b>c</b> |\n|---|---|\n', toc: [], code: [], palette: [] }} />
      </MemoryRouter>,
    )
    expect(container.querySelector('span#top')).toBeTruthy()
    expect(container.querySelector('th br')).toBeTruthy()
    expect(container.querySelector('th b')).toBeNull()
    expect(container.textContent).toContain('<b>c</b>')
  })

  it('draws code tokens in their palette colour with italic, bold, underline and strikethrough classes', () => {
    const styled: PageBody = {
      type: 'markdown',
      value: '```md\n~~a~~ **b** _c_\n```',
      toc: [],
      code: [{ lang: 'md', lines: [[['~~a~~', 0], ' ', ['**b**', 1], ' ', ['_c_', 2]]] }],
      palette: [
        { light: '#24292e', dark: '#e1e4e8', fontStyle: 8 },
        { light: '#24292e', dark: '#e1e4e8', fontStyle: 2 | 4 },
        { light: '#24292e', dark: '#e1e4e8', fontStyle: 1 },
      ],
    }
    const { container } = render(
      <MemoryRouter>
        <MarkdownBody body={styled} />
      </MemoryRouter>,
    )
    const classOf = (text: string) => [...container.querySelectorAll('pre code span span')].find((s) => s.textContent === text)?.className
    expect(classOf('~~a~~')).toBe('t0 tx')
    expect(classOf('**b**')).toBe('t1 tb tu')
    expect(classOf('_c_')).toBe('t2 ti')
  })

  it('draws a long body whole, in order, its first blocks and the rest matched with the same headings and code', () => {
    const blocks = Array.from({ length: 60 }, (_, i) => (i % 10 === 0 ? `## Part ${i}` : `Paragraph ${i}.`))
    const value = [...blocks, '```ts', 'const last = true', '```'].join('\n\n')
    const toc = blocks.flatMap((b, i) => (b.startsWith('##') ? [{ id: `part-${i}`, depth: 2, text: `Part ${i}` }] : []))
    const long: PageBody = { type: 'markdown', value, toc, code: [{ lang: 'ts', lines: [['const last = true']] }], palette: [] }
    const { container } = render(
      <MemoryRouter>
        <MarkdownBody body={long} />
      </MemoryRouter>,
    )
    expect(container.querySelector('[data-body]')?.getAttribute('data-complete')).toBe('true')
    expect([...container.querySelectorAll('h2')].map((h) => h.id)).toEqual(toc.map((t) => t.id))
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(blocks.filter((b) => !b.startsWith('##')))
    expect(container.querySelector('pre code')?.textContent).toBe('const last = true')
  })

  it('parses and draws a long body a part at a time, ending with every heading, code block and reference link in place', async () => {
    expect(longBody.parts?.length).toBeGreaterThan(2)
    const { container } = render(
      <MemoryRouter>
        <MarkdownBody body={longBody} />
      </MemoryRouter>,
    )
    const prose = container.querySelector('[data-body]')
    await vi.waitFor(() => expect(prose?.getAttribute('data-complete')).toBe('true'))
    expect([...container.querySelectorAll('h2')].map((h) => h.id)).toEqual(Array.from({ length: 24 }, (_, i) => `section-${i}`))
    // Code blocks keep their build-time tokens across parts: the i-th block is section i's.
    expect([...container.querySelectorAll('pre code')].map((c) => c.textContent?.trim())).toEqual(Array.from({ length: 24 }, (_, i) => `const section = ${i}`))
    const links = [...container.querySelectorAll('a')].filter((a) => a.textContent === 'the page')
    expect(links).toHaveLength(24)
    expect(new Set(links.map((a) => a.getAttribute('href')))).toEqual(new Set(['/docs/4.x/page']))
  })

  it("names a callout by its author's title when it has one", () => {
    const titled: PageBody = { type: 'markdown', value: '::warning{title="Heads up"}\nCareful.\n::\n', toc: [], code: [], palette: [] }
    render(
      <MemoryRouter>
        <MarkdownBody body={titled} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('note', { name: 'Heads up' }).textContent).toContain('Careful.')
  })

  it('passes every URL prop of a component through the link transform: no javascript: link reaches the DOM', () => {
    const hostile: PageBody = {
      type: 'markdown',
      value: [':read-more{to="javascript:alert(1)" title="Trap"}', '', '::card{title="Card" to="JavaScript:alert(2)"}', 'Body', '::', '', '[plain](javascript:alert(3))'].join(
        '\n',
      ),
      toc: [],
      code: [],
      palette: [],
    }
    const { container } = render(
      <MemoryRouter>
        <MarkdownBody body={hostile} />
      </MemoryRouter>,
    )
    expect(screen.getByText('Body')).toBeTruthy()
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '')
    expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([])
  })

  it('gives headings their stored ids and anchor links', () => {
    renderBody()
    const heading = screen.getByRole('heading', { level: 2, name: 'Install it' })
    expect(heading.id).toBe('install-it')
    expect(within(heading).getByRole('link').getAttribute('href')).toBe('#install-it')
    expect(screen.getByRole('heading', { level: 3, name: 'Second level' }).id).toBe('second-level')
  })

  it('renders code with its build-time tokens, filename and a copy button that copies the code', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    renderBody()
    expect(screen.getByText('fjord.config.ts').className).toBe('code-filename')
    const block = screen.getByText('fjord.config.ts').closest('.code-block') as HTMLElement
    expect(block.querySelectorAll('code span[class^="t"]').length).toBeGreaterThan(2)
    await userEvent.click(within(block).getByRole('button', { name: 'Copy code to clipboard' }))
    expect(writeText).toHaveBeenCalledWith('export default defineFjordConfig({ ssr: true })')
  })

  it('shows a code group as tabs named by filename, switchable by keyboard', async () => {
    renderBody()
    const group = screen.getByRole('tablist', { name: 'Code examples' })
    const tabs = within(group).getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['npm', 'pnpm'])
    const panel = () => screen.getAllByRole('tabpanel')[0]
    expect(panel()?.textContent).toContain('npm install fjord')
    tabs[0]?.focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(document.activeElement?.textContent).toBe('pnpm')
    expect(panel()?.textContent).toContain('pnpm add fjord')
  })

  it('renders GitHub alerts and MDC callouts alike, read-more links, tables, and unknown components as frames, never as their elements', () => {
    renderBody()
    const warning = screen.getByRole('note', { name: 'Warning' })
    expect(warning.className).toContain('callout-warning')
    expect(warning.textContent).toContain('Mind the gap.')
    expect(screen.getByRole('note', { name: 'Tip' }).textContent).toContain('A tip.')
    expect(screen.getByRole('link', { name: /Read more in Rendering/ }).getAttribute('href')).toBe('/docs/4.x/guide/concepts/rendering')
    expect(screen.getByRole('table').closest('.table-wrap')).toBeTruthy()
    expect(screen.getByRole('figure', { name: 'mystery-box' }).textContent).toContain('Kept content.')
    expect(document.querySelector('mystery-box')).toBeNull()
  })

  it("says a read-more link in the page's language", () => {
    renderBody('/es/docs/4.x/page')
    expect(screen.getByRole('link', { name: /Más información en Rendering/ }).getAttribute('href')).toBe('/docs/4.x/guide/concepts/rendering')
  })

  it('shows code as text: markup in a code block never becomes elements', () => {
    renderBody()
    const block = screen.getByText('danger.html').closest('.code-block') as HTMLElement
    expect(block.querySelector('script, b')).toBeNull()
    expect(block.querySelector('pre')?.textContent).toBe('<script>alert("x")</script> & <b>bold</b>')
  })

  it('offers images at densities 1 and 2 when the build found an @2x file', () => {
    renderBody()
    const image = screen.getByRole('img', { name: 'A diagram' })
    expect(image.getAttribute('srcset')).toBe('/img/diagram.png 1x, /img/diagram@2x.png 2x')
    expect(image.getAttribute('loading')).toBe('lazy')
  })
})
