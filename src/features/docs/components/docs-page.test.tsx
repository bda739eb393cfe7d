// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { setIconSource } from '@/components/ui/icon'
import type { PageBody } from '@/contract/content/body'
import type { NavItem } from '@/lib/content/index'
import { createQueryClient } from '@/lib/query-client'

import type { DocsData } from '../api'
import { DocsPageView } from './docs-page'

// Icons keep their box without asking the icon endpoint, which these tests do not serve.
beforeAll(() => setIconSource(() => undefined))
afterAll(() => setIconSource(undefined))
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
    expect(screen.getByText(/^A VitePress Site/)).toBeTruthy()
    // Name, text, tagline, then the actions, as VitePress orders them.
    const tagline = screen.getByText('My great project tagline')
    expect(tagline.compareDocumentPosition(screen.getByRole('link', { name: 'Markdown Examples' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
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

  it('draws a closed folder of the sidebar only once it is opened, and opens the one holding the page reached', () => {
    const section = (name: string, pages: number): NavItem => ({
      title: name,
      path: `/docs/4.x/guide/${name}`,
      children: Array.from({ length: pages }, (_, i) => ({ title: `${name} page ${i}`, path: `/docs/4.x/guide/${name}/p${i}` })),
    })
    const navigation: NavItem[] = [{ title: 'Guide', path: '/docs/4.x/guide', children: [section('routing', 3), section('data', 40)] }]
    const at = (pathname: string) => {
      const data: DocsData = { source: 'payload', navigation, data: { path: pathname, collection: 'docsv4', page: { title: pathname }, surround: null } }
      return (
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[pathname]}>
            <DocsPageView data={data} pathname={pathname} renderBody={() => null} />
          </MemoryRouter>
        </QueryClientProvider>
      )
    }
    const client = createQueryClient()
    const { rerender } = render(at('/docs/4.x/guide/routing/p1'))
    const sidebar = () => screen.getByRole('navigation', { name: 'Documentation' })
    const links = () =>
      within(sidebar())
        .queryAllByRole('link', { hidden: true })
        .map((a) => a.textContent)
    // The section open by default and the folder holding the page are drawn; the 40 pages of the closed one are not.
    expect(links()).toEqual(['routing page 0', 'routing page 1', 'routing page 2'])
    expect(within(sidebar()).getByRole('link', { name: 'routing page 1' }).getAttribute('aria-current')).toBe('page')
    const data = within(sidebar()).getByRole('button', { name: 'data' })
    expect(data.getAttribute('aria-expanded')).toBe('false')

    fireEvent.click(data)
    expect(data.getAttribute('aria-expanded')).toBe('true')
    expect(links()).toHaveLength(43)
    // Closed again, its items stay drawn (hidden), so opening it twice costs nothing more.
    fireEvent.click(data)
    expect(within(sidebar()).getByRole('link', { name: 'data page 39', hidden: true }).closest('[hidden]')).not.toBeNull()

    // Reaching a page in a closed folder opens it, in the same render.
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'routing' }))
    rerender(at('/docs/4.x/guide/data/p7'))
    expect(data.getAttribute('aria-expanded')).toBe('true')
    expect(within(sidebar()).getByRole('link', { name: 'data page 7' }).getAttribute('aria-current')).toBe('page')
  })

  it('shows the sections as links, the one being read marked, and only its tree below them', () => {
    const navigation: NavItem[] = [
      {
        title: 'Getting Started',
        path: '/docs/4.x/getting-started',
        icon: 'lucide:rocket',
        children: [
          { title: 'Introduction', path: '/docs/4.x/getting-started' },
          { title: 'Installation', path: '/docs/4.x/getting-started/installation' },
        ],
      },
      {
        title: 'Guide',
        path: '/docs/4.x/guide',
        children: [{ title: 'Concepts', path: '/docs/4.x/guide/concepts', children: [{ title: 'Rendering', path: '/docs/4.x/guide/concepts/rendering' }] }],
      },
    ]
    const at = (pathname: string) => {
      const data: DocsData = { source: 'payload', navigation, data: { path: pathname, collection: 'docsv4', page: { title: pathname }, surround: null } }
      return (
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[pathname]}>
            <DocsPageView data={data} pathname={pathname} renderBody={() => null} />
          </MemoryRouter>
        </QueryClientProvider>
      )
    }
    const { rerender } = render(at('/docs/4.x/getting-started/installation'))
    const sidebar = screen.getByRole('navigation', { name: 'Documentation' })
    const [sections, tree] = within(sidebar).getAllByRole('list')
    const links = (list: HTMLElement | undefined) =>
      list
        ? within(list)
            .getAllByRole('link')
            .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])
        : []
    // A section without a page of its own leads to its first page.
    expect(links(sections)).toEqual([
      ['Getting Started', '/docs/4.x/getting-started', 'true'],
      ['Guide', '/docs/4.x/guide/concepts/rendering', null],
    ])
    expect(tree?.getAttribute('aria-label')).toBe('Getting Started')
    expect(links(tree)).toEqual([
      ['Introduction', '/docs/4.x/getting-started', null],
      ['Installation', '/docs/4.x/getting-started/installation', 'page'],
    ])
    expect(within(sidebar).queryByRole('button', { name: 'Concepts' })).toBeNull()

    // In another section, its tree instead, with the folder holding the page open.
    rerender(at('/docs/4.x/guide/concepts/rendering'))
    expect(within(sidebar).getByRole('list', { name: 'Guide' })).toBeDefined()
    expect(within(sidebar).getByRole('button', { name: 'Concepts' }).getAttribute('aria-expanded')).toBe('true')
    expect(within(sidebar).queryByRole('link', { name: 'Installation' })).toBeNull()
    expect(within(sidebar).getAllByRole('link', { name: 'Rendering' })).toHaveLength(1)
  })
})
