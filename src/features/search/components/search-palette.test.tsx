// @vitest-environment jsdom
import { join } from 'node:path'

import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { setupServer } from 'msw/node'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { resetApp } from '@/app/test-router'
import { navigationQuery } from '@/lib/content/index'
import { queryClient } from '@/lib/query-client'
import { contentHandlers } from '@/mocks/content'

import { loadSite } from '../../../../server/site'
import { buildFixture, createFixture, type Fixture, md } from '../../../../testing/fixture-site'
import { searchClient } from '../search-client'
import { usePalette } from '../store'
import SearchPalette from './search-palette'

/**
 * The palette over a real content build (site.config's locales: English, and Spanish
 * translating 4.x), served by MSW as the server serves it: each edition's index made by
 * the build with its language's rules, searched here with the same.
 */
let fixture: Fixture | undefined
let server: ReturnType<typeof setupServer> | undefined
beforeAll(async () => {
  // cmdk measures its list and scrolls the selected option into view: jsdom has neither.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Element.prototype.scrollIntoView ??= () => {}
  fixture = await createFixture({
    'content/docs/4.x/1.getting-started/1.introduction.md': md(
      { title: 'Introduction', description: 'Where Fjord starts.' },
      '## Configuration\n\nConfigure the app with the Lighthouse adapter.\n',
    ),
    'content/es/docs/4.x/1.getting-started/1.introduction.md': md(
      { title: 'Introducción', description: 'Donde empieza Fjord.' },
      '## Configuración\n\nLa configuración de la aplicación vive en un archivo.\n',
    ),
    'content/docs/4.x/1.getting-started/2.ai.md': md({ title: 'Use these docs with AI', description: 'Connect your editor.' }, 'The MCP endpoint.\n'),
    'content/docs/3.x/1.getting-started/1.introduction.md': md({ title: 'Introduction', description: 'Where Fjord 3 starts.' }, 'Version 3.\n'),
    // More pages on one word than the palette shows before a reader scrolls.
    ...Object.fromEntries(
      Array.from({ length: 14 }, (_, i) => [
        `content/docs/4.x/2.glaciers/${i + 1}.glacier-${i + 1}.md`,
        md({ title: `Glacier ${i + 1}`, description: `Glacier number ${i + 1}.` }, `The glacier numbered ${i + 1} moves down its valley.\n`),
      ]),
    ),
  })
  const dist = join(fixture.root, 'dist')
  await buildFixture(fixture, dist)
  server = setupServer(...contentHandlers(await loadSite(dist)))
  server.listen({ onUnhandledRequest: 'error' })
}, 120_000)
afterEach(() => resetApp())
afterAll(async () => {
  server?.close()
  await fixture?.cleanup()
})

/** Long enough for a first search on a busy machine: the session's code, an index's head and shards load then. */
const LOADED = { timeout: 10_000 }

/** Where the reader is, as the address bar would say. */
function Location() {
  const { pathname, hash } = useLocation()
  return <output aria-label="Location">{pathname + hash}</output>
}

/** The palette open on the page at `path`, as the search dialog holds it. */
function show(path: string) {
  usePalette.setState({ open: true })
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <SearchPalette initialQuery="" />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { user: userEvent.setup(), input: screen.getByRole('combobox') }
}

/** The results listed (the docs options, not Ask AI), each as a reader hears it. */
const results = () =>
  screen
    .queryAllByRole('option')
    .map((option) => option.textContent ?? '')
    .filter((text) => !text.startsWith('Ask AI'))

describe('the search palette in a translated docs version', () => {
  it("searches the page's language, its words found with or without their accents", async () => {
    const { user, input } = show('/es/docs/4.x/getting-started/introduction')
    await user.type(input, 'configuracion')
    await waitFor(() => expect(results().some((text) => text.includes('Configuración'))).toBe(true), LOADED)
    expect(results().every((text) => !text.includes('English'))).toBe(true)
    await user.clear(input)
    await user.type(input, 'configuración')
    await waitFor(() => expect(results().some((text) => text.includes('La configuración de la aplicación'))).toBe(true), LOADED)
  })

  it('searches every language with its switch, the others’ results labelled with their language', async () => {
    const { user, input } = show('/es/docs/4.x/getting-started/introduction')
    const toggle = screen.getByRole('switch', { name: 'Buscar en todos los idiomas' })
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    await user.type(input, 'lighthouse')
    expect(await screen.findByText('Sin resultados', {}, LOADED)).toBeTruthy()
    // From the keyboard: past the close button, then Space.
    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(toggle)
    await user.keyboard(' ')
    expect(toggle.getAttribute('aria-checked')).toBe('true')
    const found = await screen.findByRole('option', { name: /Lighthouse/ }, LOADED)
    expect(found.textContent).toContain('English')
    expect(found.querySelector('.search-language')?.textContent).toBe('English')
    expect(found.querySelector('[lang]')?.getAttribute('lang')).toBe('en')
    expect(screen.queryByText('Sin resultados')).toBeNull()
    // And back to the page's language alone.
    await user.keyboard('{Enter}')
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    expect(await screen.findByText('Sin resultados', {}, LOADED)).toBeTruthy()
  })

  it('finds the Spanish pages from an English page once asked to, in the English words of the switch', async () => {
    const { user, input } = show('/docs/4.x/getting-started/introduction')
    await user.type(input, 'aplicacion')
    expect(await screen.findByText('No matching data', {}, LOADED)).toBeTruthy()
    await user.click(screen.getByRole('switch', { name: 'Search all languages' }))
    const found = await screen.findByRole('option', { name: /Configuración/ }, LOADED)
    expect(found.querySelector('.search-language')?.textContent).toBe('Español')
    expect(found.querySelector('[lang]')?.getAttribute('lang')).toBe('es')
    await waitFor(() => expect(found.textContent).toContain('La configuración de la aplicación'), LOADED)
  })

  it('goes to the best result on Enter typed before the answer came, not to Ask AI, selected meanwhile', async () => {
    const { input } = show('/docs/4.x/getting-started/introduction')
    // Typed with no pause between keys: the Enter comes before the query's answer.
    await userEvent.setup({ delay: null }).type(input, 'lighthouse{Enter}')
    await waitFor(() => expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/docs/4.x/getting-started/introduction#configuration'), LOADED)
    expect(usePalette.getState().open).toBe(false)
  })

  it('offers, beside Ask AI, the page on reading the docs from an editor over MCP, where the version has it', async () => {
    const { user } = show('/es/docs/4.x/getting-started/introduction')
    const entry = await screen.findByRole('option', { name: /Usa esta documentación en tu editor \(MCP\)/ }, LOADED)
    expect(entry.textContent).toContain('Preguntar a la IA te responde aquí. Para que el asistente de tu editor lea esta documentación, conéctalo al servidor MCP.')
    await user.click(entry)
    await waitFor(() => expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/docs/4.x/getting-started/ai'))
  })

  it("names its lists, groups and links in the page's language", async () => {
    const { user, input } = show('/es/docs/4.x/getting-started/introduction')
    expect(screen.getByRole('listbox', { name: 'Enlaces' })).toBeTruthy()
    expect(screen.getByRole('option', { name: 'Equipo' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy()
    await user.type(input, 'configuración')
    await screen.findByRole('group', { name: 'Documentación Versión 4' }, LOADED)
    expect(screen.getByRole('listbox', { name: 'Resultados' })).toBeTruthy()
    // Ask AI too, with the disclaimer in the page's language (locales[].labels).
    const ask = within(screen.getByRole('group', { name: 'Preguntar a la IA' })).getByRole('option')
    expect(ask.textContent).toContain('Preguntar a la IA: «configuración»')
    expect(ask.textContent).toContain('Las respuestas las genera una IA y pueden ser inexactas.')
  })

  it('offers no MCP page where the version has none', async () => {
    show('/docs/3.x/getting-started/introduction')
    await screen.findAllByRole('option', {}, LOADED)
    // The version's tree is read before the entry could show.
    await waitFor(() => expect(queryClient.getQueryState(navigationQuery('docsv3').queryKey)?.status).toBe('success'))
    expect(screen.queryByRole('option', { name: /MCP/ })).toBeNull()
  })

  it('offers no switch where the version is read in one language only', async () => {
    show('/docs/3.x/getting-started/introduction')
    await screen.findAllByRole('option', {}, LOADED)
    expect(screen.queryByRole('switch')).toBeNull()
  })
})

describe("the snippets of a query's later results", () => {
  /** An IntersectionObserver the test moves: `near()` tells it every line it watches came near the list's visible part. */
  function watchedLines() {
    const watching: { callback: IntersectionObserverCallback; lines: Element[] }[] = []
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: { callback: IntersectionObserverCallback; lines: Element[] }
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, lines: [] }
          watching.push(this.entry)
        }
        observe(line: Element) {
          this.entry.lines.push(line)
        }
        disconnect() {
          watching.splice(watching.indexOf(this.entry), 1)
        }
      },
    )
    return {
      near: () => {
        for (const { callback, lines } of [...watching]) {
          callback(
            lines.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry),
            {} as IntersectionObserver,
          )
        }
      },
    }
  }
  /**
   * Answers as a version's index answers before any of its text chunks are loaded (with
   * no snippets), whatever earlier tests loaded: the palette must ask for them.
   */
  function answeredWithoutSnippets() {
    const search = searchClient.search.bind(searchClient)
    vi.spyOn(searchClient, 'search').mockImplementation(async (source, query) =>
      (await search(source, query)).map((result) => (result.item.kind === 'docs' ? { ...result, item: { ...result.item, content: '' } } : result)),
    )
  }
  /** The palette asked for `glacier` at once (typed, each letter's answer would ask for its own first snippets), answered without snippets; the texts it then asks for. */
  async function searchGlaciers() {
    answeredWithoutSnippets()
    const asked = vi.spyOn(searchClient, 'texts')
    const { user, input } = show('/docs/4.x/getting-started/introduction')
    await user.click(input)
    await user.paste('glacier')
    await waitFor(() => expect(screen.queryAllByRole('option', { name: /Glacier \d+/ })).toHaveLength(14), LOADED)
    return asked
  }
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('asks for those past the first ten only when the list comes near them, each line kept empty meanwhile', async () => {
    const lines = watchedLines()
    const asked = await searchGlaciers()
    const first = screen.getAllByRole('option', { name: /Glacier \d+/ })[0]
    await waitFor(() => expect(first?.querySelector('.search-snippet')?.textContent).toMatch(/moves down its valley/), LOADED)
    // The first ten asked for, in one go; the others' lines there, empty.
    expect(asked).toHaveBeenCalledTimes(1)
    expect(asked.mock.calls[0]?.[1]).toHaveLength(10)
    const later = screen.getAllByRole('option', { name: /Glacier \d+/ }).slice(10)
    expect(later.map((option) => option.querySelector('.search-snippet')?.textContent)).toEqual(['', '', '', ''])
    lines.near()
    await waitFor(() => expect(later.every((option) => /moves down its valley/.test(option.querySelector('.search-snippet')?.textContent ?? ''))).toBe(true), LOADED)
    expect(asked).toHaveBeenCalledTimes(2)
    expect(asked.mock.calls[1]?.[1]).toHaveLength(4)
    // Each its own page's.
    for (const option of later) {
      const page = option.querySelector('.search-title')?.textContent?.match(/Glacier (\d+)/)?.[1]
      expect(option.querySelector('.search-snippet')?.textContent).toContain(`numbered ${page} `)
    }
  })

  it('asks for them all at once where the browser cannot tell when the list comes near them', async () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    const asked = await searchGlaciers()
    await waitFor(
      () =>
        expect(
          screen.getAllByRole('option', { name: /Glacier \d+/ }).every((option) => /moves down its valley/.test(option.querySelector('.search-snippet')?.textContent ?? '')),
        ).toBe(true),
      LOADED,
    )
    expect(asked.mock.calls.map((call) => call[1].length)).toEqual([10, 4])
  })
})
