// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'

import { Card } from './card'

afterEach(cleanup)

describe('Card', () => {
  it('is one link named by its title, which the whole card follows', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <Card title="Tidal UI" description="Components for Fjord." eyebrow="UI" footer="12k downloads" image={{ src: '/shot.png' }} to="/modules/tidal-ui" />,
        },
        { path: '/modules/tidal-ui', element: <p>Module page</p> },
      ],
      { initialEntries: ['/'] },
    )
    render(<RouterProvider router={router} />)
    const card = screen.getByRole('article')
    expect(within(card).getAllByRole('link')).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 3, name: 'Tidal UI' })).toBeTruthy()
    expect(screen.getByText('12k downloads')).toBeTruthy()
    // The image is decorative: the title names the card.
    expect(card.querySelector('img')?.getAttribute('alt')).toBe('')
    await userEvent.tab()
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Tidal UI' }))
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText('Module page')).toBeTruthy()
  })

  it('opens an external target in a new tab, and is no link without a target', () => {
    render(<Card title="Ledgerly" to="https://ledgerly.example" headingLevel={2} />)
    expect(screen.getByRole('link', { name: 'Ledgerly' }).getAttribute('target')).toBe('_blank')
    expect(screen.getByRole('heading', { level: 2 })).toBeTruthy()
    cleanup()
    render(<Card title="Plain" />)
    expect(screen.queryByRole('link')).toBeNull()
  })
})
