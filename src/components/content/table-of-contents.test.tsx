// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { activeHeading, FoldedTableOfContents, TableOfContents } from './table-of-contents'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  document.body.replaceChildren()
})

describe('TableOfContents', () => {
  it("lists h2 and h3 headings, a heading's inline badge as a badge beside its text", () => {
    render(
      <TableOfContents
        spy={false}
        toc={[
          { id: 'title', depth: 1, text: 'Title' },
          { id: 'usefoo', depth: 2, text: 'useFoo', badge: 'v3.10' },
          { id: 'options', depth: 3, text: 'Options' },
        ]}
      />,
    )
    const links = screen.getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['#usefoo', '#options'])
    expect(screen.getByRole('link', { name: 'useFoo v3.10' }).querySelector('.badge')?.textContent).toBe('v3.10')
  })

  it('marks the heading being read once the page is painted, and the next one after a scroll past it', async () => {
    const main = document.createElement('main')
    main.id = 'main'
    main.innerHTML = '<h2 id="install">Install</h2><h2 id="configure">Configure</h2>'
    document.body.append(main)
    const tops: Record<string, number> = { install: 120, configure: 900 }
    // A page longer than the window (jsdom lays nothing out), so its bottom is not in view.
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(5000)
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { top: tops[this.id] ?? 0, height: 0 } as DOMRect
    })
    render(
      <TableOfContents
        toc={[
          { id: 'install', depth: 2, text: 'Install' },
          { id: 'configure', depth: 2, text: 'Configure' },
        ]}
      />,
    )
    await waitFor(() => expect(screen.getByRole('link', { name: 'Install' }).getAttribute('aria-current')).toBe('true'))
    tops.install = -700
    tops.configure = 40
    window.dispatchEvent(new Event('scroll'))
    await waitFor(() => expect(screen.getByRole('link', { name: 'Configure' }).getAttribute('aria-current')).toBe('true'))
    expect(screen.getByRole('link', { name: 'Install' }).getAttribute('aria-current')).toBeNull()
  })

  it('folds above the body as "On this page", without a spy, and is left out for a page without h2 or h3', () => {
    const { container, rerender } = render(<FoldedTableOfContents toc={[{ id: 'install', depth: 2, text: 'Install' }]} />)
    expect(container.querySelector('details.docs-toc-mobile summary')?.textContent).toBe('On this page')
    expect(screen.getByRole('link', { name: 'Install' }).getAttribute('aria-current')).toBeNull()
    rerender(<FoldedTableOfContents toc={[{ id: 'title', depth: 1, text: 'Title' }]} />)
    expect(container.innerHTML).toBe('')
  })
})

describe('scroll-spy', () => {
  it('marks the last heading that has passed under the header, else the first', () => {
    const tops = [
      { id: 'a', top: 300 },
      { id: 'b', top: 900 },
    ]
    expect(activeHeading(tops, 80)).toBe('a')
    expect(
      activeHeading(
        [
          { id: 'a', top: -400 },
          { id: 'b', top: 60 },
          { id: 'c', top: 700 },
        ],
        80,
      ),
    ).toBe('b')
    expect(activeHeading([], 80)).toBeUndefined()
  })
})
