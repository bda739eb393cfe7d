// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { TableOfContents } from './table-of-contents'

afterEach(cleanup)

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
})
