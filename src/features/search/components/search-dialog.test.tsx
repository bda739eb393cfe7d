// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { versionOf } from '@/lib/content/docs-versions'

import { resetPalette, usePalette } from '../store'
import type { PaletteProps } from './search-palette'

/**
 * The palette's code arrives when the test says so: it stands in for the cmdk palette
 * (its own tests are the journeys in e2e/search.test.ts), with the parts the dialog
 * hands over to: an input marked data-autofocus and a close button.
 */
const arrival = { release: () => {}, fail: (_error: Error) => {} }
const mockPalette = () => {
  // Made before the import asks for it, so that the test may release it at any time.
  const arrived = new Promise<void>((resolve, reject) => {
    arrival.release = resolve
    arrival.fail = reject
  })
  arrived.catch(() => undefined)
  vi.doMock('./search-palette', async () => {
    await arrived
    return { default: StandInPalette }
  })
}

function StandInPalette({ initialQuery }: PaletteProps) {
  const [query, setQuery] = useState(initialQuery)
  const setOpen = usePalette((s) => s.setOpen)
  return (
    <div>
      <input data-autofocus role="combobox" aria-expanded aria-controls="results" aria-label="Search the documentation" value={query} onChange={(e) => setQuery(e.target.value)} />
      <button type="button" className="search-close" onClick={() => setOpen(false)}>
        Close
      </button>
      <p id="results">Palette results for “{query}”</p>
    </div>
  )
}

/** What the palette searches, by docs version: fetched for the version asked (the real one reads the build's outputs). */
const searchItemsFetched = vi.fn((_versionPath: string) => new Promise<never>(() => {}))
vi.mock('../api', () => ({
  searchItemsQuery: (versionPath: string) => queryOptions({ queryKey: ['search-items', versionPath], queryFn: () => searchItemsFetched(versionPath) }),
}))
const PAGE = '/docs/4.x/getting-started/routing'

// jsdom's <dialog> has no Escape: as a browser does, Escape in a modal dialog fires its `cancel`.
const escape = (event: KeyboardEvent) => {
  const dialog = document.querySelector('dialog[open]')
  if (event.key === 'Escape' && dialog) dialog.dispatchEvent(new Event('cancel', { cancelable: true }))
}

// Fresh modules each test: the dialog keeps the palette's code once it has arrived.
let SearchLauncher: typeof import('./search-launcher').SearchLauncher
beforeEach(async () => {
  vi.resetModules()
  searchItemsFetched.mockClear()
  mockPalette()
  ;({ SearchLauncher } = await import('./search-launcher'))
  document.addEventListener('keydown', escape)
})
afterEach(() => {
  cleanup()
  resetPalette()
  document.removeEventListener('keydown', escape)
})

const input = () => screen.getByRole('combobox', { name: 'Search the documentation' })
/** The launcher on a docs page, as the header renders it: under the app's query client and router. */
const show = (path = PAGE) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <SearchLauncher />
      </MemoryRouter>
    </QueryClientProvider>,
  )
const isOpen = () => usePalette.getState().open

describe('the search dialog', () => {
  it('opens on Control+K with the caret in its input, and says search is loading, before the palette has arrived', async () => {
    const user = userEvent.setup()
    show()
    await user.keyboard('{Control>}k{/Control}')
    expect(screen.getByRole('dialog', { name: 'Search the documentation' })).toBeTruthy()
    expect(document.activeElement).toBe(input())
    expect(screen.getByRole('status').textContent).toBe('Loading search…')
    expect(screen.queryByText(/Palette results/)).toBeNull()
  })

  it("speaks the page's language from its first frame: its name, the input's, the close button and the loading line", async () => {
    const user = userEvent.setup()
    show('/es/docs/4.x/getting-started/introduction')
    await user.keyboard('{Control>}k{/Control}')
    const dialog = screen.getByRole('dialog', { name: 'Buscar en la documentación' })
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: 'Buscar en la documentación' }))
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Cargando la búsqueda…')
  })

  it("starts fetching what the page's docs version searches with the K, before the palette's code has arrived", async () => {
    const user = userEvent.setup()
    show()
    // Control alone (it may be for Ctrl+C) fetches the palette's code only.
    await user.keyboard('{Control>}')
    expect(searchItemsFetched).not.toHaveBeenCalled()
    await user.keyboard('k{/Control}')
    // Once the dialog has been drawn.
    await waitFor(() => expect(searchItemsFetched).toHaveBeenCalledTimes(1))
    expect(searchItemsFetched).toHaveBeenCalledWith(versionOf(PAGE)?.path)
    expect(screen.getByRole('status').textContent).toBe('Loading search…')
    // Closing with the K again starts nothing more.
    await user.keyboard('{Control>}k{/Control}')
    expect(isOpen()).toBe(false)
    expect(searchItemsFetched).toHaveBeenCalledTimes(1)
  })

  it('starts fetching it once the pointer is on the search button', async () => {
    const user = userEvent.setup()
    show()
    await user.hover(screen.getByRole('button', { name: 'Search...' }))
    expect(searchItemsFetched).toHaveBeenCalledWith(versionOf(PAGE)?.path)
    expect(isOpen()).toBe(false)
  })

  it('keeps what was typed, focus and the caret when the palette takes over', async () => {
    const user = userEvent.setup()
    show()
    await user.click(screen.getByRole('button', { name: 'Search...' }))
    await user.keyboard('rout{ArrowLeft}{ArrowLeft}')
    expect(input()).toHaveProperty('value', 'rout')
    const frameInput = input()

    await act(async () => arrival.release())
    expect(await screen.findByText('Palette results for “rout”')).toBeTruthy()
    expect(input()).not.toBe(frameInput)
    expect(document.activeElement).toBe(input())
    expect(input()).toHaveProperty('selectionStart', 2)
    // Typing goes on at the caret, in the palette now.
    await user.keyboard('x')
    expect(input()).toHaveProperty('value', 'roxut')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('keeps focus on the close button when it had it as the palette arrives', async () => {
    const user = userEvent.setup()
    show()
    await user.keyboard('{Control>}k{/Control}')
    await user.tab()
    expect(document.activeElement?.textContent).toBe('EscClose')
    await act(async () => arrival.release())
    await screen.findByText(/Palette results/)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))
  })

  it('closes with Escape and with its close button while the palette is on its way, then opens empty', async () => {
    const user = userEvent.setup()
    show()
    await user.keyboard('{Control>}k{/Control}hooks')
    await user.keyboard('{Escape}')
    expect(isOpen()).toBe(false)
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull())

    await user.keyboard('{Control>}k{/Control}')
    expect(input()).toHaveProperty('value', '')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(isOpen()).toBe(false)
  })

  it('closes with Escape once the palette has taken over, and the next opening starts from an empty query', async () => {
    const user = userEvent.setup()
    show()
    await user.keyboard('{Control>}k{/Control}hooks')
    await act(async () => arrival.release())
    await screen.findByText('Palette results for “hooks”')
    await user.keyboard('{Escape}')
    expect(isOpen()).toBe(false)
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull())

    await user.keyboard('{Control>}k{/Control}')
    expect(await screen.findByText('Palette results for “”')).toBeTruthy()
    expect(document.activeElement).toBe(input())
  })

  it('says so when the palette could not be loaded, and tries again at the next opening', async () => {
    const user = userEvent.setup()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    show()
    await user.keyboard('{Control>}k{/Control}')
    await act(async () => arrival.fail(new Error('offline')))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Search could not be loaded. Check your connection, then open it again.'))
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull())
    mockPalette()
    await user.keyboard('{Control>}k{/Control}')
    expect(screen.getByRole('status').textContent).toBe('Loading search…')
    await act(async () => arrival.release())
    expect(await screen.findByText(/Palette results/)).toBeTruthy()
  })
})
