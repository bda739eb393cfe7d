// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'

import type { PageBody } from '../../../lib/content/body'
import { createQueryClient } from '../../../lib/query-client'
import type { DocsData } from '../api'
import { DocsPageView } from './docs-page'

afterEach(cleanup)

const body = (value: string): PageBody => ({ type: 'markdown', value, toc: [], code: [], palette: [] })

function view(page: Record<string, unknown>) {
  const data: DocsData = { source: 'payload', navigation: [], data: { path: '/docs/4.x', collection: 'docsv4', page, surround: null } }
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/docs/4.x']}>
        <DocsPageView data={data} pathname="/docs/4.x" renderBody={(b) => <div data-testid="body">{b.value}</div>} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('a docs page', () => {
  it('opens a VitePress home page (layout: home) with its hero, actions and features', () => {
    view({
      title: 'My Awesome Project',
      body: body('\n'),
      meta: {
        layout: 'home',
        hero: {
          name: 'My Awesome Project',
          text: 'A VitePress Site',
          tagline: 'My great project tagline',
          actions: [
            { theme: 'brand', text: 'Markdown Examples', link: '/docs/4.x/markdown-examples' },
            { theme: 'alt', text: 'API Examples', link: '/docs/4.x/api-examples' },
          ],
        },
        features: [
          { title: 'Feature A', details: 'Fast.', link: '/docs/4.x/guide' },
          { title: 'Feature B', details: 'Small.' },
        ],
      },
    })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My Awesome Project')
    expect(screen.getByText('A VitePress Site')).toBeTruthy()
    expect(screen.getByText('My great project tagline')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Markdown Examples' }).getAttribute('href')).toBe('/docs/4.x/markdown-examples')
    expect(screen.getByRole('link', { name: 'API Examples' }).getAttribute('href')).toBe('/docs/4.x/api-examples')
    const features = screen.getByRole('list', { name: 'Features' })
    expect(
      within(features)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Feature A', 'Feature B'])
    expect(within(features).getByRole('link', { name: 'Feature A' }).getAttribute('href')).toBe('/docs/4.x/guide')
  })

  it('shows the description as a lead, unless the body opens with it (a page described by its first paragraph)', () => {
    view({ title: 'Routing', description: 'How pages map to URLs.', body: body('Routes come from files.\n') })
    expect(screen.getByText('How pages map to URLs.').className).toBe('docs-lead')
    cleanup()
    view({ title: 'Routing', description: 'Routes come from files, one per page.', body: body('Routes come from _files_, one per page.\n\n## More\n') })
    expect(document.querySelector('.docs-lead')).toBeNull()
  })
})
