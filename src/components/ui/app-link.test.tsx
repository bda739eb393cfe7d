// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { memo, Profiler } from 'react'
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'

import { AppLink, LinkNavigation } from './app-link'

/** A sidebar entry: memoised on its props, as the docs sidebar's are. */
const Leaf = memo(function Leaf({ to, onRender }: { to: string; onRender: () => void }) {
  return (
    <Profiler id={to} onRender={onRender}>
      <AppLink to={to}>{to}</AppLink>
    </Profiler>
  )
})

function Page() {
  return <h1>{useLocation().pathname}</h1>
}

function site(onRender: () => void = () => undefined) {
  const layout = () => (
    <LinkNavigation>
      <nav>
        <Leaf to="/docs/a" onRender={onRender} />
        <Leaf to="/docs/b" onRender={onRender} />
      </nav>
      <Outlet />
    </LinkNavigation>
  )
  const router = createMemoryRouter([{ Component: layout, children: [{ path: '*', Component: Page }] }], { initialEntries: ['/docs/a'] })
  render(<RouterProvider router={router} />)
  return router
}

afterEach(cleanup)

describe('AppLink', () => {
  it('is a link to its path, and a click shows that page', async () => {
    const router = site()
    const link = screen.getByRole('link', { name: '/docs/b' })
    expect(link.getAttribute('href')).toBe('/docs/b')
    await act(async () => {
      fireEvent.click(link)
    })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('/docs/b')
    expect(router.state.historyAction).toBe('PUSH')
  })

  it('leaves a click with a modifier or another button to the browser (new tab, new window)', async () => {
    const router = site()
    const link = screen.getByRole('link', { name: '/docs/b' })
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      let prevented = false
      // On the document, after the app's handler (at its root) has seen the click; then
      // the browser's own navigation is stopped, which jsdom cannot do.
      document.addEventListener(
        'click',
        (event) => {
          prevented = event.defaultPrevented
          event.preventDefault()
        },
        { once: true },
      )
      await act(async () => {
        fireEvent.click(link, init)
      })
      expect(prevented).toBe(false)
    }
    expect(router.state.location.pathname).toBe('/docs/a')
  })

  it('is not redrawn by a navigation: only what shows the location is', async () => {
    let renders = 0
    site(() => renders++)
    expect(renders).toBe(2)
    for (const to of ['/docs/b', '/docs/a', '/docs/b']) {
      await act(async () => {
        fireEvent.click(screen.getByRole('link', { name: to }))
      })
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(to)
    }
    expect(renders).toBe(2)
  })
})
