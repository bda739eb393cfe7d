// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { site } from '@/config/site'
import type { PageBody } from '@/contract/content/body'
import { isKnownComponent } from '@/contract/content/mdc-components'

import MarkdownBody, { loadParser } from './markdown-body'
import { mcpEndpointUrl } from './mcp-endpoint'

// Rendered straight, without a route's loader: the parser on this thread first, as a loader would fetch it.
beforeAll(async () => {
  await loadParser()
})
const { hosting, base } = site
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  site.hosting = hosting
  site.base = base
})

const body = (value: string): PageBody => ({ type: 'markdown', value, toc: [], code: [], palette: [] })
const source = 'For this copy:\n\n::mcp-endpoint\n::\n\nMore text.\n'

const ui = (path = '/docs/4.x/getting-started/ai') => (
  <MemoryRouter initialEntries={[path]}>
    <MarkdownBody body={body(source)} />
  </MemoryRouter>
)

describe('::mcp-endpoint', () => {
  it('is a component the content build knows, so a page using it builds without a warning', () => {
    expect(isKnownComponent('mcp-endpoint')).toBe(true)
  })

  it("on a site with its server, shows the endpoint (the site's URL, its base, then mcp) with a button that copies it", async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    render(ui())
    const endpoint = screen.getByRole('group', { name: 'MCP endpoint' })
    expect(within(endpoint).getByText('https://fjord.dev/mcp').tagName).toBe('CODE')
    await userEvent.click(within(endpoint).getByRole('button', { name: 'Copy the MCP endpoint URL' }))
    expect(writeText).toHaveBeenCalledWith('https://fjord.dev/mcp')
    expect(screen.queryByRole('note')).toBeNull()
    site.base = '/fjord/'
    expect(mcpEndpointUrl()).toBe('https://fjord.dev/fjord/mcp')
  })

  it('on a static site, says this copy has no MCP endpoint and points to llms.txt instead', () => {
    site.hosting = 'static'
    render(ui())
    const note = screen.getByRole('note', { name: 'No MCP endpoint on this copy' })
    expect(note.textContent).toContain('This copy of the docs is served without a server, so it has no MCP endpoint.')
    expect(within(note).getByRole('link', { name: 'llms.txt' }).getAttribute('href')).toBe('/llms.txt')
    expect(screen.queryByRole('group', { name: 'MCP endpoint' })).toBeNull()
    expect(screen.queryByText('https://fjord.dev/mcp')).toBeNull()
  })

  it("speaks the page's language, and points a translated page to its language's llms.txt", () => {
    site.hosting = 'static'
    render(ui('/es/docs/4.x/getting-started/ai'))
    const note = screen.getByRole('note', { name: 'Esta copia no tiene endpoint MCP' })
    expect(within(note).getByRole('link', { name: 'llms.txt' }).getAttribute('href')).toBe('/es/llms.txt')
    cleanup()
    site.hosting = 'server'
    render(ui('/es/docs/4.x/getting-started/ai'))
    expect(within(screen.getByRole('group', { name: 'Endpoint MCP' })).getByRole('button', { name: 'Copiar la URL del endpoint MCP' })).toBeTruthy()
  })

  it("draws the same in the build's prerender, in both hosting modes", () => {
    const server = renderToString(ui())
    expect(server).toContain('https://fjord.dev/mcp')
    expect(server).not.toContain('No MCP endpoint')
    site.hosting = 'static'
    const copy = renderToString(ui())
    expect(copy).toContain('No MCP endpoint on this copy')
    expect(copy).not.toContain('https://fjord.dev/mcp')
  })
})
