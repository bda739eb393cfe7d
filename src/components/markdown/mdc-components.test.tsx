// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import type { CodeBlock, PageBody } from '@/contract/content/body'

import { setIconSource } from '../ui/icon'
import MarkdownBody, { loadParser } from './markdown-body'

// Icons keep their box without asking the icon endpoint, which these tests do not serve.
beforeAll(() => setIconSource(() => undefined))
// Rendered straight, without a route's loader: the parser on this thread first, as a loader would fetch it.
beforeAll(async () => {
  await loadParser()
})
afterAll(() => setIconSource(undefined))
afterEach(cleanup)

const bodyOf = (value: string, code: CodeBlock[] = []): PageBody => ({ type: 'markdown', value, toc: [], code, palette: [] })

function renderBody(value: string, code: CodeBlock[] = []) {
  return render(
    <MemoryRouter>
      <MarkdownBody body={bodyOf(value, code)} />
    </MemoryRouter>,
  )
}

describe('HTML-named components', () => {
  it('draw as those elements, with their safe attributes', () => {
    const { container } = renderBody(
      [
        'Line one :br line two, H :sub[2] O, x :sup[2], :mark[marked], :abbr[CSS]{title="Cascading Style Sheets"}, :small[fine], :u[under], :kbd{value="K"}.',
        '',
        ':hr',
        '',
        '::div{.note-box}',
        'In a div.',
        '::',
        '',
        ':time[today]{datetime="2025-01-01"}',
      ].join('\n'),
    )
    const prose = container.querySelector('[data-body]') as HTMLElement
    expect(prose.querySelector('p br')).toBeTruthy()
    expect(prose.querySelector('sub')?.textContent).toBe('2')
    expect(prose.querySelector('sup')?.textContent).toBe('2')
    expect(prose.querySelector('mark')?.textContent).toBe('marked')
    expect(prose.querySelector('abbr')?.getAttribute('title')).toBe('Cascading Style Sheets')
    expect(prose.querySelector('small')?.textContent).toBe('fine')
    expect(prose.querySelector('u')?.textContent).toBe('under')
    // The site's own kbd, not the bare element.
    expect(prose.querySelector('kbd')?.textContent).toBe('K')
    // `:hr` alone on its line is the rule, not a rule inside a paragraph.
    expect(prose.querySelector(':scope > hr')).toBeTruthy()
    expect(prose.querySelector('p hr')).toBeNull()
    const div = prose.querySelector(':scope > div.note-box')
    expect(div?.textContent).toContain('In a div.')
    expect(prose.querySelector('time')?.getAttribute('datetime')).toBe('2025-01-01')
    expect(prose.textContent).not.toMatch(/:br|:hr|:sup/)
  })

  it('refuse what is not on the safe list: no script, iframe, form control or event handler reaches the page', () => {
    const { container } = renderBody(
      [
        '::script',
        'alert(1)',
        '::',
        '',
        '::iframe{src="https://evil.example/frame"}',
        '::',
        '',
        'Type :input{type="text" value="x"} and :button-like[go]{onclick="alert(2)"}.',
        '',
        ':sup[up]{onclick="alert(3)" style="position:fixed" title="Up"} and **bold**{onmouseover="alert(4)"}',
        '',
        ':a[trap]{href="javascript:alert(5)"}',
      ].join('\n'),
    )
    const prose = container.querySelector('[data-body]') as HTMLElement
    expect(prose.querySelector('script, iframe, input, object, embed, style')).toBeNull()
    for (const element of prose.querySelectorAll('*')) {
      expect([...element.attributes].filter((attribute) => /^on/i.test(attribute.name) || attribute.name === 'style')).toEqual([])
    }
    expect(screen.getByRole('figure', { name: 'script' }).textContent).toContain('alert(1)')
    // The iframe's source is a link the reader may follow, not a frame the page loads.
    expect(
      within(screen.getByRole('figure', { name: 'iframe' }))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('https://evil.example/frame')
    expect(screen.getByRole('group', { name: 'input' })).toBeTruthy()
    expect(prose.querySelector('sup')?.getAttribute('title')).toBe('Up')
    expect([...prose.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '').filter((href) => /javascript:/i.test(href))).toEqual([])
  })
})

describe("Nuxt UI's prose names", () => {
  it('draw the blocks they stand for', () => {
    const source = [
      ...['note', 'tip', 'warning', 'caution', 'important'].flatMap((kind) => [`::prose-${kind}`, `A ${kind}.`, '::', '']),
      '::prose-callout',
      'A callout.',
      '::',
      '',
      '::prose-steps',
      '### Install',
      '::',
      '',
      '::prose-tabs',
      '  :::prose-tabs-item{label="First"}',
      '  One.',
      '  :::',
      '::',
      '',
      '::prose-card-group',
      '  :::prose-card{title="A card"}',
      '  Card body.',
      '  :::',
      '::',
      '',
      '::prose-field-group',
      '  :::prose-field{name="ssr" type="boolean"}',
      '  Renders on the server.',
      '  :::',
      '::',
      '',
      '::prose-collapsible{name="More"}',
      'Hidden.',
      '::',
      '',
      '::prose-accordion',
      '  :::prose-accordion-item{label="Question"}',
      '  Answer.',
      '  :::',
      '::',
      '',
      'A :prose-badge[v4] and :prose-kbd{value="Ctrl"}.',
      '',
      '::prose-code-group',
      '```bash [npm]',
      'npm i',
      '```',
      '::',
    ]
    const { container } = renderBody(source.join('\n'), [{ lang: 'bash', filename: 'npm', lines: [['npm i']] }])
    for (const kind of ['note', 'tip', 'warning', 'caution', 'important']) {
      const callout = screen.getByText(`A ${kind}.`).closest('[role="note"]')
      expect(callout?.className).toContain(`callout-${kind}`)
      expect(callout?.getAttribute('aria-label')?.toLowerCase()).toBe(kind)
    }
    expect(screen.getByText('A callout.').closest('.callout')?.className).toContain('callout-neutral')
    expect(container.querySelector('.steps h3')?.textContent).toBe('Install')
    expect(within(screen.getByRole('tablist', { name: 'Tabs' })).getByRole('tab').textContent).toBe('First')
    expect(container.querySelector('.card-group .card .card-title')?.textContent).toBe('A card')
    expect(container.querySelector('.field-group .field-doc code')?.textContent).toBe('ssr')
    expect(container.querySelector('details.collapsible summary')?.textContent).toBe('More')
    expect(container.querySelector('.accordion details summary')?.textContent).toBe('Question')
    expect(container.querySelector('.badge')?.textContent).toBe('v4')
    expect(container.querySelector('kbd')?.textContent).toBe('Ctrl')
    expect(within(screen.getByRole('tablist', { name: 'Code examples' })).getByRole('tab').textContent).toBe('npm')
    expect(container.querySelector('[data-body]')?.textContent).not.toContain('prose-')
  })
})

describe('callouts', () => {
  it('take a Nuxt UI colour, keeping their name; a plain callout is named by its colour', () => {
    renderBody(
      [
        '::note{color="warning"}',
        'Coloured note.',
        '::',
        '',
        '::callout{color="error"}',
        'An error.',
        '::',
        '',
        '::callout{type="success"}',
        'Done.',
        '::',
        '',
        '::tip{color="neutral"}',
        'Quiet.',
        '::',
        '',
        '::callout{color="primary"}',
        'Brand.',
        '::',
      ].join('\n'),
    )
    const callout = (text: string) => screen.getByText(text).closest('[role="note"]')
    expect(callout('Coloured note.')?.getAttribute('aria-label')).toBe('Note')
    expect(callout('Coloured note.')?.className).toContain('callout-warning')
    expect(callout('An error.')?.className).toContain('callout-caution')
    expect(callout('An error.')?.getAttribute('aria-label')).toBe('Caution')
    expect(callout('Done.')?.className).toContain('callout-tip')
    expect(callout('Quiet.')?.className).toContain('callout-neutral')
    expect(callout('Brand.')?.className).toContain('callout-primary')
  })

  it('show their title and icon, and with `to` the whole callout is a link (never a javascript: one)', () => {
    const { container } = renderBody(
      [
        '::callout{icon="i-lucide-rocket" title="Deploy it" to="/docs/4.x/deploy"}',
        'Read the [guide](/docs/4.x/guide) first.',
        '::',
        '',
        '::tip{to="javascript:alert(1)"}',
        'Trap.',
        '::',
      ].join('\n'),
    )
    const deploy = screen.getByRole('note', { name: 'Deploy it' })
    expect(deploy.querySelector('.callout-icon')).toBeTruthy()
    expect(
      within(deploy)
        .getByRole('link', { name: /Deploy it/ })
        .getAttribute('href'),
    ).toBe('/docs/4.x/deploy')
    expect(within(deploy).getByRole('link', { name: 'guide' }).getAttribute('href')).toBe('/docs/4.x/guide')
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '').filter((href) => /javascript:/i.test(href))).toEqual([])
  })
})

describe('components the site does not know', () => {
  it('frame their content with their name, their URL props as links, never as raw syntax', () => {
    const { container } = renderBody(
      [
        '::example-card{title="Card demo"}',
        'The content of the **card**.',
        '::',
        '',
        ':link-example{link="/docs/4.x/examples/blog"}',
        '',
        'Inline :fancy-chip[chip text]{to="https://example.com/chip"} among text.',
        '',
        '::chart',
        '::',
        '',
        '::hero',
        'Title',
        '',
        '#description',
        'The description.',
        '::',
      ].join('\n'),
    )
    const card = screen.getByRole('figure', { name: 'example-card' })
    expect(card.querySelector('strong')?.textContent).toBe('card')
    expect(card.textContent).toContain('Card demo')
    // Alone on its line, an inline component is framed as a block.
    const example = screen.getByRole('figure', { name: 'link-example' })
    expect(within(example).getByRole('link').getAttribute('href')).toBe('/docs/4.x/examples/blog')
    const chip = screen.getByRole('group', { name: 'fancy-chip' })
    expect(chip.closest('p')?.textContent).toContain('among text')
    expect(within(chip).getByRole('link').getAttribute('href')).toBe('https://example.com/chip')
    expect(screen.getByRole('figure', { name: 'chart' }).className).toContain('mdc-frame-empty')
    expect(screen.getByRole('figure', { name: 'hero' }).textContent).toContain('The description.')
    expect(container.textContent).not.toMatch(/::|\{|link=/)
  })

  it('keep their URL props through the link transform', () => {
    renderBody(':link-example{link="javascript:alert(1)" title="Trap"}\n')
    const frame = screen.getByRole('figure', { name: 'link-example' })
    expect(within(frame).queryByRole('link')).toBeNull()
    expect(frame.textContent).toContain('Trap')
  })
})

describe('code previews', () => {
  const code: CodeBlock[] = [
    { lang: 'md', filename: 'Code', lines: [['[Prose](/docs/4.x/prose)']] },
    { lang: 'md', lines: [['`inline code`']] },
  ]

  it('in a code group are a tab named by their label, drawing what the code draws', () => {
    renderBody(
      [
        '::code-group',
        '```md [Code]',
        '[Prose](/docs/4.x/prose)',
        '```',
        '',
        '  :::code-preview{icon="i-lucide-eye" label="Preview"}',
        '  [Prose](/docs/4.x/prose)',
        '  :::',
        '::',
      ].join('\n'),
      code,
    )
    const tabs = within(screen.getByRole('tablist', { name: 'Code examples' })).getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Code', 'Preview'])
    const preview = screen.getByRole('group', { name: 'Preview', hidden: true })
    expect(within(preview).getByRole('link', { hidden: true }).getAttribute('href')).toBe('/docs/4.x/prose')
  })

  it('alone show the preview above the code of their #code slot', () => {
    const { container } = renderBody(['::code-preview', '`inline code`', '', '#code', '```md', '`inline code`', '```', '::'].join('\n'), [code[1] as CodeBlock])
    const preview = container.querySelector('.code-preview') as HTMLElement
    expect(preview.querySelector('.code-preview-render code')?.textContent).toBe('inline code')
    expect(preview.querySelector('.code-preview-code .code-block pre')?.textContent).toBe('`inline code`')
  })
})
