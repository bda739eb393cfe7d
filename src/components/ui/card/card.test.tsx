// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { act, memo, Profiler } from 'react'
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'

import { LinkNavigation } from '../app-link'
import { Card, cardClass } from './card'

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

  it('in a grid of cards, is not redrawn when the page navigates (the module directory writes its filters to the URL)', async () => {
    let renders = 0
    const Tile = memo(function Tile({ name }: { name: string }) {
      return (
        <Profiler id={name} onRender={() => renders++}>
          <Card title={name} to={`/modules/${name}`} />
        </Profiler>
      )
    })
    function Location() {
      return <h1>{useLocation().pathname + useLocation().search}</h1>
    }
    const layout = () => (
      <LinkNavigation>
        <Tile name="tidal-ui" />
        <Tile name="ledgerly" />
        <Outlet />
      </LinkNavigation>
    )
    const router = createMemoryRouter([{ Component: layout, children: [{ path: '*', Component: Location }] }], { initialEntries: ['/modules'] })
    render(<RouterProvider router={router} />)
    expect(renders).toBe(2)
    await act(async () => {
      await router.navigate('/modules?q=ui', { replace: true })
    })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('/modules?q=ui')
    expect(renders).toBe(2)
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'ledgerly' }))
    })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('/modules/ledgerly')
  })
})

describe('cardClass', () => {
  it("names a card laid out by its page: the frame, the card's inner space, the linked card's hover", () => {
    expect(cardClass()).toBe('ui-card')
    expect(cardClass({ padded: true, className: 'sponsor-plan' })).toBe('ui-card ui-card-padded sponsor-plan')
    expect(cardClass({ linked: true })).toBe('ui-card ui-card-linked')
  })
})
