// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { type RenderSurroundLink,Surround } from './surround'

afterEach(cleanup)

const renderLink: RenderSurroundLink = ({ to, className, children }) => (
  <a href={to} className={className}>
    {children}
  </a>
)

describe('Surround', () => {
  it('links the previous and next pages, each its label over its title, drawn by the caller', () => {
    render(<Surround label="More posts" renderLink={renderLink} previous={{ to: '/blog/a', title: 'A', label: 'Older post' }} next={{ to: '/blog/c', title: 'C', label: 'Newer post' }} />)
    const nav = screen.getByRole('navigation', { name: 'More posts' })
    expect([...nav.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.className, a.textContent])).toEqual([
      ['/blog/a', 'surround-link surround-previous', 'Older post A'],
      ['/blog/c', 'surround-link surround-next', 'Newer post C'],
    ])
  })

  it('keeps the next link in its column without a previous one, and draws nothing without either', () => {
    const { container, rerender } = render(<Surround label="Pages" renderLink={renderLink} next={{ to: '/docs/b', title: 'B', label: 'Next' }} />)
    expect(container.querySelector('nav')?.firstElementChild?.tagName).toBe('SPAN')
    rerender(<Surround label="Pages" renderLink={renderLink} />)
    expect(container.innerHTML).toBe('')
  })
})
