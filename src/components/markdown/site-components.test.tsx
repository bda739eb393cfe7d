// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { PageBody } from '@/contract/content/body'

import MarkdownBody, { loadParser } from './markdown-body'

// What site.config.ts `content.components` turns into (content-build/vite/site-config-plugin.ts): names and components.
vi.mock('virtual:fjord-content-components', () => ({
  default: {
    'release-card': ({ version, href, children }: { version?: string; href?: string; children?: ReactNode }) => (
      <section aria-label={`Release ${version}`}>
        <a href={href}>Notes</a>
        {children}
      </section>
    ),
    kbd: ({ value }: { value?: string }) => <kbd className="site-kbd">{`[${value}]`}</kbd>,
    // A name the renderer reads as an alias (of `note`) or does not know: the site's component wins.
    'prose-note': ({ children }: { children?: ReactNode }) => <aside aria-label="Site note">{children}</aside>,
    'code-preview': ({ children }: { children?: ReactNode }) => <section aria-label="Site preview">{children}</section>,
  },
}))

// Rendered straight, without a route's loader: the parser on this thread first, as a loader would fetch it.
beforeAll(async () => {
  await loadParser()
})
afterEach(cleanup)

const bodyOf = (value: string): PageBody => ({ type: 'markdown', value, toc: [], code: [], palette: [] })

function renderBody(value: string) {
  return render(
    <MemoryRouter>
      <MarkdownBody body={bodyOf(value)} />
    </MemoryRouter>,
  )
}

describe("the site's own Markdown components", () => {
  it('draw a component content names, with its attributes as props and its content as children', () => {
    renderBody('::release-card{version="4.2" href="/blog/fjord-4-2"}\nFaster **builds**.\n::\n')
    const card = screen.getByRole('region', { name: 'Release 4.2' })
    expect(card.querySelector('a')?.getAttribute('href')).toBe('/blog/fjord-4-2')
    expect(card.querySelector('strong')?.textContent).toBe('builds')
  })

  it('get their URL props sanitised like Markdown links', () => {
    renderBody('::release-card{version="1" href="javascript:alert(1)"}\nx\n::\n')
    expect(screen.getByRole('region', { name: 'Release 1' }).querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript:/i)
  })

  it("take a name before the renderer's aliases and its own blocks", () => {
    renderBody('::prose-note\nMine.\n::\n\n::code-preview\nShown.\n::\n')
    expect(screen.getByRole('complementary', { name: 'Site note' }).textContent).toContain('Mine.')
    expect(screen.queryByRole('note')).toBeNull()
    expect(screen.getByRole('region', { name: 'Site preview' }).textContent).toContain('Shown.')
  })

  it("replace the renderer's own component of the same name", () => {
    const { container } = renderBody('Press :kbd{value="K"}.\n')
    expect(container.querySelector('kbd.site-kbd')?.textContent).toBe('[K]')
  })
})
