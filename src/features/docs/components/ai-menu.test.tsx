// @vitest-environment jsdom
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { setIconSource } from '@/components/ui/icon'
import { site } from '@/config/site'
import { navigationQuery, type NavItem } from '@/lib/content/index'
import { createQueryClient } from '@/lib/query-client'

import type { DocsData } from '../api'
import { aiPageFor } from './ai-menu'
import { DocsPageView } from './docs-page'

// Icons keep their box without asking the icon endpoint, which these tests do not serve.
beforeAll(() => setIconSource(() => undefined))
afterAll(() => setIconSource(undefined))
const hosting = site.hosting
afterEach(() => {
  cleanup()
  site.hosting = hosting
})

const tree = (version: string, pages: string[]): NavItem[] => [
  { title: 'Getting Started', path: `${version}/getting-started`, children: pages.map((page) => ({ title: page, path: `${version}/getting-started/${page}` })) },
]
const v4 = tree('/docs/4.x', ['introduction', 'testing', 'ai'])

function page(path: string, navigation: NavItem[], client: QueryClient = createQueryClient()) {
  const collection = path.startsWith('/es/') ? 'docsv4Es' : path.startsWith('/docs/3.x') ? 'docsv3' : 'docsv4'
  const data: DocsData = { source: 'payload', navigation, data: { path, collection, page: { title: 'Testing', description: 'Test your app.' }, surround: null } }
  const ui = (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <DocsPageView data={data} pathname={path} renderBody={() => null} />
      </MemoryRouter>
    </QueryClientProvider>
  )
  return { ui, client }
}

const entries = () =>
  within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((link) => [link.querySelector('.menu-link-label')?.textContent, link.getAttribute('href')])

describe("a docs page's 'Use with AI' menu", () => {
  it('lists llms.txt, llms-full.txt and the page on the MCP server, each with what it is', async () => {
    render(page('/docs/4.x/getting-started/testing', v4).ui)
    const button = screen.getByRole('button', { name: 'Use with AI' })
    expect(button.closest('.docs-actions')).not.toBeNull()
    await userEvent.click(button)
    expect(entries()).toEqual([
      ['llms.txt', '/llms.txt'],
      ['llms-full.txt', '/llms-full.txt'],
      ['MCP server', '/docs/4.x/getting-started/ai'],
    ])
    expect(screen.getByText('Every docs page, each with a link to its Markdown')).toBeTruthy()
    expect(screen.getByText('The 4.x docs in one text file')).toBeTruthy()
    expect(screen.getByText('Let the assistant in your editor read these docs')).toBeTruthy()
  })

  it('closes on Escape and gives focus back to its button', async () => {
    render(page('/docs/4.x/getting-started/testing', v4).ui)
    const button = screen.getByRole('button', { name: 'Use with AI' })
    await userEvent.click(button)
    expect(document.activeElement?.textContent).toContain('llms.txt')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    expect(document.activeElement?.getAttribute('href')).toBe('/docs/4.x/getting-started/ai')
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })

  it('does not offer the MCP server on a static site, which has no endpoint', async () => {
    site.hosting = 'static'
    render(page('/docs/4.x/getting-started/testing', v4).ui)
    await userEvent.click(screen.getByRole('button', { name: 'Use with AI' }))
    expect(entries()).toEqual([
      ['llms.txt', '/llms.txt'],
      ['llms-full.txt', '/llms-full.txt'],
    ])
  })

  it('offers the MCP page only where the version has it', async () => {
    render(page('/docs/3.x/getting-started/testing', tree('/docs/3.x', ['introduction', 'testing'])).ui)
    await userEvent.click(screen.getByRole('button', { name: 'Use with AI' }))
    expect(entries().map(([label]) => label)).toEqual(['llms.txt', 'llms-full.txt'])
    expect(aiPageFor('/docs/3.x/getting-started/testing', tree('/docs/3.x', ['testing']))).toBeUndefined()
  })

  it("on a translated page, names the language's own files in its words, and the original's MCP page when the translation has none", async () => {
    const { ui, client } = page('/es/docs/4.x/getting-started/testing', tree('/es/docs/4.x', ['introduction', 'testing']))
    // The original's tree, which the menu asks for when it first opens, is at hand.
    client.setQueryData(navigationQuery('docsv4').queryKey, v4)
    render(ui)
    await userEvent.click(screen.getByRole('button', { name: 'Usar con IA' }))
    expect(entries()).toEqual([
      ['llms.txt', '/es/llms.txt'],
      ['llms-full.txt', '/es/llms-full.txt'],
      ['Servidor MCP', '/docs/4.x/getting-started/ai'],
    ])
    expect(screen.getByText('La documentación de 4.x en un solo archivo de texto')).toBeTruthy()
    // A translation of the page itself wins over the original's.
    expect(aiPageFor('/es/docs/4.x/getting-started/testing', tree('/es/docs/4.x', ['ai']), v4)).toBe('/es/docs/4.x/getting-started/ai')
  })

  it('is readable without JavaScript: the prerendered page holds a <details> of plain links', () => {
    const html = renderToString(page('/docs/4.x/getting-started/testing', v4).ui)
    const host = document.createElement('div')
    host.innerHTML = html
    const menu = host.querySelector('.docs-actions details.menu-button')
    expect(menu?.querySelector('summary')?.textContent).toBe('Use with AI')
    expect([...(menu?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'))).toEqual(['/llms.txt', '/llms-full.txt', '/docs/4.x/getting-started/ai'])
  })
})
