// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { resetManifest } from '@/lib/content/manifest'

import { adoptPrerenderedIcons, Icon, ICON_FETCH_TIMEOUT_MS, parseIconName, resetIcons } from './icon'

afterEach(() => {
  cleanup()
  resetIcons()
  resetManifest()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const LUCIDE_FILE = '/_icons/lucide.0123456789ab.json'
/** A site whose content manifest names the lucide icon file, which holds `names`. */
const site = (names: string[]) =>
  vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://x').pathname
    if (path === '/__content/manifest.json') return Response.json({ version: 1, buildId: 'b1', collections: {}, icons: { lucide: LUCIDE_FILE } })
    expect(init?.signal).toBeInstanceOf(AbortSignal)
    if (path !== LUCIDE_FILE) return new Response('not found', { status: 404 })
    return Response.json({ prefix: 'lucide', width: 24, height: 24, icons: Object.fromEntries(names.map((n) => [n, { body: `<path d="M0 0" data-name="${n}"/>` }])) })
  })

describe('icons', () => {
  it('parse Iconify names of the sets the server has', () => {
    expect(parseIconName('i-lucide-book-open')).toEqual(['lucide', 'book-open'])
    expect(parseIconName('i-simple-icons-github')).toEqual(['simple-icons', 'github'])
    expect(parseIconName('i-mdi-home')).toBeUndefined()
  })

  it("fetch their set's file of the build once, named in the content manifest, with a 1.5 s timeout, and draw them", async () => {
    const fetch = site(['book-open', 'rocket', 'search'])
    vi.stubGlobal('fetch', fetch)
    const { container } = render(
      <>
        <Icon name="i-lucide-rocket" />
        <Icon name="i-lucide-book-open" />
        <Icon name="i-lucide-rocket" />
      </>,
    )
    // Each icon keeps its 1em box, empty, before its data.
    expect(container.querySelectorAll('span.icon')).toHaveLength(3)
    expect(container.querySelector('svg')).toBeNull()
    expect([...container.querySelectorAll('.icon')].every((icon) => icon.getAttribute('aria-hidden') === 'true')).toBe(true)
    // Its data arrives and every one of them is drawn, in place.
    await vi.waitFor(() => expect(container.querySelectorAll('svg.icon')).toHaveLength(3))
    expect(container.querySelector('span.icon')).toBeNull()
    expect(fetch.mock.calls.map(([url]) => new URL(url).pathname)).toEqual(['/__content/manifest.json', LUCIDE_FILE])
    const drawn = [...container.querySelectorAll('svg.icon')]
    expect(drawn.map((svg) => svg.getAttribute('data-icon'))).toEqual(['lucide:rocket', 'lucide:book-open', 'lucide:rocket'])
    expect(drawn[1]?.innerHTML).toBe('<path d="M0 0" data-name="book-open"></path>')
    expect(drawn[0]?.getAttribute('viewBox')).toBe('0 0 24 24')
    expect(drawn.every((svg) => svg.getAttribute('aria-hidden') === 'true' && svg.getAttribute('focusable') === 'false')).toBe(true)
    expect(ICON_FETCH_TIMEOUT_MS).toBe(1500)
    // Another icon of the set later is drawn from the same file, with no request.
    const later = render(<Icon name="i-lucide-search" />)
    expect(later.container.querySelector('svg.icon[data-icon="lucide:search"]')).toBeTruthy()
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it("take over the build-time page's icons, so the app's first render draws them without a request", () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    document.body.innerHTML = '<div id="prerendered"><svg class="icon" viewBox="0 0 24 24" data-icon="lucide:rocket"><path d="M1 1"></path></svg></div>'
    adoptPrerenderedIcons()
    document.body.innerHTML = ''
    const { container } = render(<Icon name="i-lucide-rocket" size={20} />)
    const svg = container.querySelector('svg.icon[data-icon="lucide:rocket"]')
    expect(svg?.innerHTML).toBe('<path d="M1 1"></path>')
    expect([svg?.getAttribute('width'), svg?.getAttribute('height')]).toEqual(['20', '20'])
    expect(fetch).not.toHaveBeenCalled()
  })

  it("leave the build-time page's icons drawn as they are when their set's file arrives for another icon", async () => {
    vi.stubGlobal('fetch', site(['rocket', 'search']))
    document.body.innerHTML = '<div id="prerendered"><svg class="icon" viewBox="0 0 24 24" data-icon="lucide:rocket"><path d="M1 1"></path></svg></div>'
    adoptPrerenderedIcons()
    document.body.innerHTML = ''
    const { container } = render(
      <>
        <Icon name="i-lucide-rocket" />
        <Icon name="i-lucide-search" />
      </>,
    )
    const path = container.querySelector('svg[data-icon="lucide:rocket"] path')
    await vi.waitFor(() => expect(container.querySelector('svg[data-icon="lucide:search"]')).toBeTruthy())
    // The same element: not drawn a second time from the file's copy of the icon.
    expect(container.querySelector('svg[data-icon="lucide:rocket"] path')).toBe(path)
    expect(path?.getAttribute('d')).toBe('M1 1')
  })

  it('leave the reserved space empty when the request fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/manifest.json') ? Response.json({ version: 1, buildId: 'b1', collections: {}, icons: { lucide: LUCIDE_FILE } }) : new Response('down', { status: 503 }),
      ),
    )
    const { container } = render(<Icon name="i-lucide-rocket" />)
    await vi.waitFor(() => expect(warn).toHaveBeenCalled())
    expect(container.querySelector('span.icon')).toBeTruthy()
    expect(container.querySelector('svg')).toBeNull()
  })
})
