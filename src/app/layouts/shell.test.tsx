// @vitest-environment jsdom
import { join } from 'node:path'

import { act, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { loadMarkdownWithParser } from '@/components/markdown'
import { useToasts } from '@/components/ui/toasts/store'
import { adminContentQuery, sessionQuery } from '@/features/admin'
import { queryClient } from '@/lib/query-client'
import { loadStats } from '@/lib/stats'
import { serveContentFixture } from '@/mocks/content'

import { md } from '../../../testing/fixture-site'
import { readOutbox } from '../../../testing/outbox'
import { renderAt, resetApp } from '../test-router'

const content = serveContentFixture(
  { beforeAll, afterAll },
  { 'content/es/docs/4.x/1.getting-started/1.intro.md': md({ title: 'Introducción', description: 'Donde empieza Fjord.' }, 'Hola.\n') },
)
// The Markdown renderer and its parser, loaded once before the first test: the first docs page a test
// draws then waits for its data, not for the modules' first transform on a busy machine.
beforeAll(async () => {
  await loadMarkdownWithParser()
})
afterEach(() => {
  resetApp()
  useToasts.getState().clear()
})

describe('header', () => {
  it("shows '...' for the stars until the stats arrive, then the count and the release as major.minor", async () => {
    renderAt('/docs/4.x/getting-started/intro')
    await screen.findByRole('heading', { level: 1, name: 'Intro' })
    expect(screen.getByRole('link', { name: /^GitHub stars:\s*\.\.\.$/ })).toBeTruthy()
    await act(() => loadStats())
    expect(await screen.findByRole('link', { name: /^GitHub stars:\s*24\.8k$/ })).toBeTruthy()
    expect(screen.getByRole('link', { name: /^Latest release:\s*v4\.0$/ })).toBeTruthy()
  })

  it("opens the logo menu from the keyboard, offers 'Copy logo as SVG' and 'Browse design kit', and closes with Escape", async () => {
    const router = renderAt('/docs/4.x/getting-started/intro')
    await screen.findByRole('heading', { level: 1, name: 'Intro' })
    const logo = screen.getByRole('link', { name: 'Fjord home' })
    logo.focus()
    await userEvent.pointer({ keys: '[MouseRight]', target: logo })
    const menu = screen.getByRole('menu', { name: 'Logo' })
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((i) => i.textContent)).toEqual(['Copy logo as SVG', 'Browse design kit'])
    expect(document.activeElement?.textContent).toBe('Copy logo as SVG')
    await userEvent.keyboard('{ArrowDown}')
    expect(document.activeElement?.textContent).toBe('Browse design kit')
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(logo)

    await userEvent.pointer({ keys: '[MouseRight]', target: logo })
    await userEvent.click(screen.getByRole('menuitem', { name: 'Browse design kit' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/design-kit'))
  })

  it("follows the footer's and the logo's links in the app", async () => {
    const router = renderAt('/docs/4.x/getting-started/intro')
    await screen.findByRole('heading', { level: 1, name: 'Intro' })
    const footer = document.querySelector<HTMLElement>('.site-footer')
    await userEvent.click(within(footer as HTMLElement).getByRole('link', { name: 'Team' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/team'))
    expect(router.state.historyAction).toBe('PUSH')
    await userEvent.click(screen.getByRole('link', { name: 'Fjord home' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('opens the small-screen menu and closes it on a route change', async () => {
    const router = renderAt('/docs/4.x/getting-started/intro')
    await screen.findByRole('heading', { level: 1, name: 'Intro' })
    const toggle = screen.getByRole('button', { name: 'Open menu' })
    await userEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const mobile = await screen.findByRole('navigation', { name: 'Mobile' })
    await userEvent.click(mobile.querySelector('a[href="/modules"]') as HTMLElement)
    await waitFor(() => expect(router.state.location.pathname).toBe('/modules'))
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'))
  })
})

describe('footer newsletter form', () => {
  it('checks the email 300 ms after typing, on blur and on submit', async () => {
    renderAt('/docs/4.x/getting-started/intro')
    await screen.findByRole('heading', { level: 1, name: 'Intro' })
    const email = screen.getByRole('textbox', { name: 'Email' })
    expect(email.getAttribute('autocomplete')).toBe('off')
    expect(email.hasAttribute('required')).toBe(true)
    await userEvent.type(email, 'not-an-email')
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy()
    expect(email.getAttribute('aria-invalid')).toBe('true')
    await userEvent.clear(email)
    await userEvent.type(email, 'reader@example.com')
    await waitFor(() => expect(screen.queryByText('Please enter a valid email')).toBeNull())
  })

  it('refuses an address with a hidden character, and sends an international domain in its ASCII form', async () => {
    renderAt('/docs/4.x/getting-started/intro')
    await screen.findByRole('heading', { level: 1, name: 'Intro' })
    const email = screen.getByRole('textbox', { name: 'Email' })
    for (const hidden of ['read\u200ber@example.com', 'reader@example.com\u0000.n1', 'reader\u202e@example.com']) {
      await userEvent.clear(email)
      await userEvent.type(email, hidden)
      await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
      expect(await screen.findByText('Please enter a valid email')).toBeTruthy()
    }
    expect(useToasts.getState().toasts).toEqual([])
    await userEvent.clear(email)
    await userEvent.type(email, 'Reader@Bücher.Example')
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.title)).toContain('Subscription pending'))
    const outbox = join(content().fixture.root, '.data', 'outbox')
    await waitFor(async () => expect((await readOutbox(outbox)).some((mail) => mail.includes('To: Reader@xn--bcher-kva.example'))).toBe(true))
  })

  it("subscribes through the API with a 'Subscription pending' toast and an emptied field", async () => {
    renderAt('/docs/4.x/getting-started/intro')
    await screen.findByRole('heading', { level: 1, name: 'Intro' })
    const email = screen.getByRole('textbox', { name: 'Email' })
    await userEvent.type(email, 'reader@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.title)).toContain('Subscription pending'))
    expect(useToasts.getState().toasts[0]?.description).toBe('Please check your emails to confirm your subscription.')
    expect((email as HTMLInputElement).value).toBe('')
  })
})

describe('a translated page', () => {
  it("names the header's and footer's menus and the versions in its language, product names as they are", async () => {
    renderAt('/es/docs/4.x/getting-started/intro')
    await screen.findByRole('heading', { level: 1, name: 'Introducción' })
    const main = screen.getByRole('navigation', { name: 'Main' })
    expect(within(main).getByRole('button', { name: 'Documentación' })).toBeTruthy()
    expect(within(main).getByRole('button', { name: 'Integraciones' })).toBeTruthy()
    expect(within(main).getByRole('link', { name: 'Blog' })).toBeTruthy()
    expect(screen.getByRole('option', { name: 'Versión 4 (4.0.1)' })).toBeTruthy()
    const products = screen.getByRole('navigation', { name: 'Productos' })
    expect(within(products).getByRole('link', { name: 'Fjord UI' })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Empresas' })).toBeTruthy()
  })
})

describe("the newsletter's email links", () => {
  const toast = () => useToasts.getState().toasts[0]

  it('confirm a signup on whichever page they open, with a success toast, and leave the URL without them', async () => {
    const res = await fetch(new URL('/api/newsletter/subscribe', window.location.origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'linked@example.com' }),
    })
    expect(res.status).toBe(200)
    const outbox = join(content().fixture.root, '.data', 'outbox')
    let link: URL | undefined
    await waitFor(async () => {
      const text = (await readOutbox(outbox)).find((mail) => mail.includes('linked@example.com')) ?? ''
      link = new URL(/https?:\S+confirmation=[a-f0-9]+/.exec(text)?.[0] ?? '')
    })
    const router = renderAt(`/docs/4.x/getting-started/intro${link?.search ?? ''}&tab=a#top`)
    await waitFor(() => expect(toast()?.title).toBe('Subscription succeed'))
    expect(toast()).toMatchObject({ description: 'You have been successfully subscribed to the newsletter.', color: 'success' })
    await waitFor(() => expect(router.state.location.search).toBe('?tab=a'))
    expect(router.state.location.hash).toBe('#top')
  })

  it("show the server's message when the code is wrong, and run only with both parameters", async () => {
    const router = renderAt('/docs/4.x/getting-started/intro?email=linked@example.com&confirmation=0000')
    await waitFor(() => expect(toast()?.title).toBe('Subscription failed'))
    expect(toast()).toMatchObject({ description: 'This confirmation link is invalid or has expired.', color: 'error' })
    await waitFor(() => expect(router.state.location.search).toBe(''))
    resetApp()
    useToasts.getState().clear()

    renderAt('/docs/4.x/getting-started/intro?email=linked@example.com')
    await screen.findByRole('heading', { level: 1 })
    await new Promise((done) => setTimeout(done, 100))
    expect(useToasts.getState().toasts).toEqual([])
  })

  it('end a subscription from the unsubscribe link, or say the link is used', async () => {
    renderAt('/docs/4.x/getting-started/intro?unsubscribe=not-a-token')
    await waitFor(() => expect(toast()?.title).toBe('Unsubscribe failed'))
    expect(toast()).toMatchObject({ description: 'This unsubscribe link is invalid or has already been used.', color: 'error' })
  })

  it('say it in the language of the page they open', async () => {
    renderAt('/es/docs/4.x/getting-started/intro?unsubscribe=another-token')
    await waitFor(() => expect(toast()?.title).toBe('No se ha podido cancelar la suscripción'))
  })
})

describe('admin routes', () => {
  it('send a guest from /admin to /admin/login, which is dark and has no site header', async () => {
    const router = renderAt('/admin')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Fjord admin' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/login')
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Dark mode' })).toBeNull()
  })

  it('show an administrator the dashboard in the admin layout, and send them on from the login page', async () => {
    queryClient.setQueryData(sessionQuery().queryKey, { user: { login: 'ingrid', name: 'Ingrid Solberg' } })
    // What the admin API answers a signed-in administrator (its own tests cover the API).
    queryClient.setQueryData(adminContentQuery().queryKey, {
      build: { id: 'abc123', timestamp: Date.now() - 60_000 },
      collections: [{ name: 'docsv4', type: 'page', rows: 12, bytes: { raw: 40_960, gzip: 9_000, brotli: 8_000 } }],
      docs: [{ label: 'Version 4', path: '/docs/4.x', collection: 'docsv4', pages: 12 }],
      warnings: { total: 0, brokenLinks: 0, shown: [] },
    })
    const router = renderAt('/admin/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ingrid Solberg' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin')
    expect(screen.getByRole('rowheader', { name: 'docsv4' })).toBeTruthy()
    expect(screen.getByRole('cell', { name: '40 KB' })).toBeTruthy()
    expect(screen.getByText('No warnings')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page')
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'))
    expect(queryClient.getQueryData(sessionQuery().queryKey)).toEqual({})
  })
})
