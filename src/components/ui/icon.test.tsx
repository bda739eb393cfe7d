// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { adoptPrerenderedIcons, Icon, ICON_FETCH_TIMEOUT_MS, parseIconName, resetIcons } from './icon'

afterEach(() => {
  cleanup()
  resetIcons()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('icons', () => {
  it('parse Iconify names of the sets the server has', () => {
    expect(parseIconName('i-lucide-book-open')).toEqual(['lucide', 'book-open'])
    expect(parseIconName('i-simple-icons-github')).toEqual(['simple-icons', 'github'])
    expect(parseIconName('i-mdi-home')).toBeUndefined()
  })

  it('fetch the icons of one render in one request per set, with a 1.5 s timeout, and draw them', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      expect(init?.signal).toBeInstanceOf(AbortSignal)
      const names = new URL(url, 'http://x').searchParams.get('icons')?.split(',') ?? []
      return Response.json({ prefix: 'lucide', width: 24, height: 24, icons: Object.fromEntries(names.map((n) => [n, { body: `<path d="M0 0" data-name="${n}"/>` }])) })
    })
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
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/_icons/lucide.json?icons=rocket,book-open')
    const drawn = [...container.querySelectorAll('svg.icon')]
    expect(drawn.map((svg) => svg.getAttribute('data-icon'))).toEqual(['lucide:rocket', 'lucide:book-open', 'lucide:rocket'])
    expect(drawn[1]?.innerHTML).toBe('<path d="M0 0" data-name="book-open"></path>')
    expect(drawn[0]?.getAttribute('viewBox')).toBe('0 0 24 24')
    expect(drawn.every((svg) => svg.getAttribute('aria-hidden') === 'true' && svg.getAttribute('focusable') === 'false')).toBe(true)
    expect(ICON_FETCH_TIMEOUT_MS).toBe(1500)
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

  it('leave the reserved space empty when the request fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    )
    const { container } = render(<Icon name="i-lucide-rocket" />)
    await vi.waitFor(() => expect(warn).toHaveBeenCalled())
    expect(container.querySelector('span.icon')).toBeTruthy()
    expect(container.querySelector('svg')).toBeNull()
  })
})
