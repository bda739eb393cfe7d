// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { LinkNavigation } from './app-link'
import { PrefetchLink } from './prefetch-link'

/** A stand-in IntersectionObserver whose targets the test brings into view. */
const observed = new Map<Element, IntersectionObserverCallback>()
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    observed.set(element, this.callback)
  }
  unobserve(element: Element) {
    observed.delete(element)
  }
  disconnect() {}
}
function scrollIntoView(element: Element) {
  const callback = observed.get(element)
  callback?.([{ target: element, isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver)
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeObserver))
afterEach(() => {
  cleanup()
  observed.clear()
  vi.unstubAllGlobals()
})

function Page() {
  return <h1>{useLocation().pathname}</h1>
}

describe('PrefetchLink', () => {
  it('prefetches its page (without the hash) once it comes into view, once, and navigates on a click', async () => {
    const prefetch = vi.fn()
    const layout = () => (
      <LinkNavigation>
        <PrefetchLink to="/docs/b#setup" prefetch={prefetch}>
          Setup
        </PrefetchLink>
        <Outlet />
      </LinkNavigation>
    )
    const router = createMemoryRouter([{ Component: layout, children: [{ path: '*', Component: Page }] }], { initialEntries: ['/docs/a'] })
    render(<RouterProvider router={router} />)
    const link = screen.getByRole('link', { name: 'Setup' })
    expect(prefetch).not.toHaveBeenCalled()
    scrollIntoView(link)
    scrollIntoView(link)
    expect(prefetch).toHaveBeenCalledTimes(1)
    expect(prefetch).toHaveBeenCalledWith('/docs/b', 'sight')
    await act(async () => {
      fireEvent.click(link)
    })
    expect(router.state.location.pathname).toBe('/docs/b')
    expect(router.state.location.hash).toBe('#setup')
  })

  it('prefetches again, as intent, when the reader points at, touches or focuses it', () => {
    const prefetch = vi.fn()
    const onFocus = vi.fn()
    const router = createMemoryRouter(
      [
        {
          path: '*',
          Component: () => (
            <LinkNavigation>
              <PrefetchLink to="/docs/c#top" prefetch={prefetch} onFocus={onFocus}>
                Config
              </PrefetchLink>
            </LinkNavigation>
          ),
        },
      ],
      { initialEntries: ['/docs/a'] },
    )
    render(<RouterProvider router={router} />)
    const link = screen.getByRole('link', { name: 'Config' })
    fireEvent.pointerEnter(link)
    fireEvent.touchStart(link)
    fireEvent.focus(link)
    expect(prefetch.mock.calls).toEqual([
      ['/docs/c', 'intent'],
      ['/docs/c', 'intent'],
      ['/docs/c', 'intent'],
    ])
    expect(onFocus).toHaveBeenCalledTimes(1)
  })
})
