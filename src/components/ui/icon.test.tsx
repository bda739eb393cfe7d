// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { adoptPrerenderedIcons, Icon, ICON_FETCH_TIMEOUT_MS, parseIconName, resetIcons } from './icon'

/** The rules that paint icons. */
function iconRules(): CSSStyleRule[] {
  const sheets = [...(document.adoptedStyleSheets ?? []), ...[...document.querySelectorAll('style')].flatMap((style) => style.sheet ?? [])]
  return sheets.flatMap((sheet) => [...sheet.cssRules] as CSSStyleRule[]).filter((rule) => rule.selectorText.startsWith('.icon.'))
}

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
    // Each icon is a span named by its class, there before its data.
    expect([...container.querySelectorAll('span.icon')].map((span) => span.className.trim())).toEqual(['icon i-lucide-rocket', 'icon i-lucide-book-open', 'icon i-lucide-rocket'])
    expect(container.querySelector('.icon')?.getAttribute('aria-hidden')).toBe('true')
    expect(iconRules()).toEqual([])
    // Its data arrives as one rule per icon, which paints every span of it.
    await vi.waitFor(() => expect(iconRules()).toHaveLength(2))
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/_icons/lucide.json?icons=rocket,book-open')
    const rocket = iconRules().find((rule) => rule.selectorText === '.icon.i-lucide-rocket')
    expect(decodeURIComponent(rocket?.style.getPropertyValue('mask-image') ?? '')).toContain('<path d="M0 0" data-name="rocket"/>')
    expect(rocket?.style.getPropertyValue('background-color')).toBe('currentcolor')
    expect(ICON_FETCH_TIMEOUT_MS).toBe(1500)
  })

  it("take over the build-time page's icons, so the app's first render draws them without a request", () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    document.body.innerHTML = '<div id="prerendered"><svg class="icon" viewBox="0 0 24 24" data-icon="lucide:rocket"><path d="M1 1"></path></svg></div>'
    adoptPrerenderedIcons()
    document.body.innerHTML = ''
    const { container } = render(<Icon name="i-lucide-rocket" />)
    expect(container.querySelector('span.icon.i-lucide-rocket')).toBeTruthy()
    expect(decodeURIComponent(iconRules()[0]?.style.getPropertyValue('mask-image') ?? '')).toContain('<path d="M1 1"></path>')
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
    expect(iconRules()).toEqual([])
  })
})
