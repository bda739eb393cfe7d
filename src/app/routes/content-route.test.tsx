// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { resetManifest } from '../../lib/content/manifest'
import { resetPayloads } from '../../lib/content/payload'
import { useContentServer } from '../../mocks/content'
import { ContentError, ContentRoute, contentLoader } from './content-route'

useContentServer({ beforeAll, afterAll })
afterEach(() => {
  cleanup()
  resetManifest()
  resetPayloads()
})

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', loader: contentLoader, Component: ContentRoute, ErrorBoundary: ContentError }], { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  return router
}

describe('a content route without WebAssembly (jsdom)', () => {
  it('renders a docs page through the query endpoint and follows its links', async () => {
    renderAt('/docs/4.x/getting-started/intro')
    expect(await screen.findByRole('heading', { level: 1, name: 'Intro' })).toBeTruthy()
    expect(screen.getByText('Where Fjord starts.')).toBeTruthy()
    expect(screen.getByRole('main').getAttribute('data-source')).toBe('database')

    await userEvent.click(screen.getByRole('link', { name: 'setup' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Setup' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Previous: Intro' })).toBeTruthy()
  })

  it('renders known MDC components, and only the content of unknown ones', async () => {
    renderAt('/docs/4.x/getting-started/setup')
    expect(await screen.findByText('Hidden treasure.')).toBeTruthy()
    expect(document.querySelector('mystery-box')).toBeNull()
    expect(screen.getByText('A note.').closest('[data-component="note"]')).toBeTruthy()
  })

  it('shows the non-fatal 404 for a path no page has', async () => {
    renderAt('/docs/4.x/missing')
    expect(await screen.findByText('Page not found: /docs/4.x/missing')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeTruthy()
  })

  it('renders a listing route from its payload', async () => {
    renderAt('/modules')
    expect(await screen.findByRole('list', { name: 'modules' })).toBeTruthy()
  })
})
