// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { loadMarkdownWithParser } from '@/components/markdown'
import { serveContentFixture } from '@/mocks/content'

import { renderAt, resetApp } from '../test-router'

serveContentFixture({ beforeAll, afterAll })
// The Markdown renderer and its parser, loaded once before the first test: the first docs page a test
// draws then waits for its data, not for the modules' first transform on a busy machine.
beforeAll(async () => {
  await loadMarkdownWithParser()
})
afterEach(() => {
  resetApp()
})

describe('a content route without WebAssembly (jsdom)', () => {
  it('renders a docs page through the query endpoint and follows its links', async () => {
    renderAt('/docs/4.x/getting-started/intro')
    expect(await screen.findByRole('heading', { level: 1, name: 'Intro' })).toBeTruthy()
    expect(screen.getByText('Where Fjord starts.')).toBeTruthy()
    expect(screen.getByRole('main').getAttribute('data-source')).toBe('database')

    await userEvent.click(screen.getByRole('link', { name: 'setup' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Setup' })).toBeTruthy()
    expect(screen.getByRole('link', { name: /^Previous\s*Intro$/ })).toBeTruthy()
  })

  it('renders known MDC components, and only the content of unknown ones', async () => {
    renderAt('/docs/4.x/getting-started/setup')
    expect(await screen.findByText('Hidden treasure.')).toBeTruthy()
    expect(document.querySelector('mystery-box')).toBeNull()
    expect(screen.getByText('A note.').closest('[role="note"]')?.classList.contains('callout-note')).toBe(true)
  })

  it('shows the fatal 404 when a page fails validation', async () => {
    renderAt('/docs/4.x/missing')
    expect(await screen.findByText('Page Not Found: /docs/4.x/missing')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeTruthy()
    expect(screen.getByRole('main').getAttribute('data-fatal')).toBe('true')
    // The title is set in the error page's effect, which may run after the commit that drew the text.
    await waitFor(() => expect(document.title).toBe('Page not found'))
  })

  it('shows the non-fatal 404 for a path no route matches, and Back to home leaves it', async () => {
    const router = renderAt('/no/such/route')
    expect(await screen.findByText('Page not found: /no/such/route')).toBeTruthy()
    expect(screen.getByRole('main').getAttribute('data-fatal')).toBe('false')
    // The message equals the status message, so it is shown once.
    expect(screen.getAllByText('Page not found: /no/such/route')).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: 'Back to home' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('moves unversioned docs paths under the default version', async () => {
    const router = renderAt('/docs/getting-started/intro')
    expect(await screen.findByRole('heading', { level: 1, name: 'Intro' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/docs/4.x/getting-started/intro')
  })

  it('shows the version badge on docs pages and switches version, keeping the page when the other version has it', async () => {
    const router = renderAt('/docs/4.x/getting-started/intro')
    const select = await screen.findByRole('combobox', { name: /Docs version/ })
    expect(screen.getByText('v4')).toBeTruthy()
    await userEvent.selectOptions(select, '/docs/3.x')
    await waitFor(() => expect(router.state.location.pathname).toBe('/docs/3.x/getting-started/intro'))
    expect(await screen.findByText('Where Fjord 3 starts.')).toBeTruthy()
  })

  it("switches to the other version's first page when it lacks the page being read", async () => {
    const router = renderAt('/docs/4.x/getting-started/setup')
    const select = await screen.findByRole('combobox', { name: /Docs version/ })
    await userEvent.selectOptions(select, '/docs/3.x')
    await waitFor(() => expect(router.state.location.pathname).toBe('/docs/3.x/getting-started/intro'))
  })

  it('renders the header and footer from the site config', async () => {
    renderAt('/docs/4.x/getting-started/intro')
    await screen.findByRole('heading', { level: 1, name: 'Intro' })
    expect(screen.getByRole('link', { name: 'Fjord home' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'MIT License' })).toBeTruthy()
    expect(screen.getByText(new RegExp(`© 2016–${new Date().getFullYear()} Fjord`))).toBeTruthy()
    for (const name of ['X', 'Bluesky', 'LinkedIn', 'Discord', 'GitHub']) expect(screen.getByRole('link', { name })).toBeTruthy()
    // Bridge and migration entries stay hidden outside those sections.
    expect(screen.queryByRole('link', { name: 'Migration' })).toBeNull()
  })

  it('renders a listing route from its payload as cards, through its feature', async () => {
    renderAt('/modules')
    const grid = await screen.findByRole('list', { name: 'Modules' })
    expect(grid.querySelectorAll('article').length).toBeGreaterThan(0)
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy()
  })
})
