// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { renderAt, resetApp } from '@/app/test-router'
import { useToasts } from '@/components/ui/toasts/store'

/** The server's side: whether the session is open, and the sign-outs it was sent. */
let signedIn = true
let failure: { status: number; message: string } | undefined
const signOuts: Request[] = []

const server = setupServer(
  http.get('*/api/_auth/session', () => HttpResponse.json(signedIn ? { user: { login: 'ingridsolberg', name: 'Ingrid Solberg' } } : {})),
  http.get('*/api/admin/content', () => HttpResponse.json({ build: { id: 'build-1', timestamp: null }, collections: [], docs: [], warnings: null })),
  http.delete('*/api/admin/sessions', ({ request }) => {
    signOuts.push(request)
    if (failure) return HttpResponse.json({ statusCode: failure.status, message: failure.message }, { status: failure.status })
    signedIn = false
    return HttpResponse.json({ ended: 2 })
  }),
  http.get('*/api/stats', () => HttpResponse.json({ version: '4.0.1', stars: 1, modules: 1, maintainers: 1, contributors: 1 })),
  http.get('*/__content/manifest.json', () => HttpResponse.json({ version: 1, buildId: 'b1', collections: {}, icons: { lucide: '/_icons/lucide.0123456789ab.json' } })),
  http.get('*/_icons/:file', () => HttpResponse.json({ prefix: 'lucide', width: 24, height: 24, icons: {} })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  signedIn = true
  failure = undefined
  signOuts.length = 0
})
afterEach(() => {
  resetApp()
  useToasts.getState().clear()
})
afterAll(() => server.close())

describe('sign out everywhere', () => {
  it('asks first, then ends every session of the login on the server and shows the login page', async () => {
    const user = userEvent.setup()
    const router = renderAt('/admin')
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' })
    expect(dialog.textContent).toContain('Every session of ingridsolberg ends now')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(signOuts).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' })).getByRole('button', { name: 'Sign out everywhere' }))
    expect(await screen.findByRole('heading', { level: 1, name: /^Sign in to / })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/login')
    expect(signOuts).toHaveLength(1)
    // JSON, like every state-changing call: the API refuses anything else.
    expect(signOuts[0]?.headers.get('content-type')).toBe('application/json')
  })

  it('shows the login page when this session had already ended (401)', async () => {
    failure = { status: 401, message: 'Sign in as an administrator to use the admin API.' }
    const user = userEvent.setup()
    const router = renderAt('/admin')
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' })).getByRole('button', { name: 'Sign out everywhere' }))
    expect(await screen.findByRole('heading', { level: 1, name: /^Sign in to / })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/login')
  })

  it('says why when the server could not sign out, and stays signed in', async () => {
    failure = { status: 500, message: 'The server database could not be reached.' }
    const user = userEvent.setup()
    const router = renderAt('/admin')
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' })).getByRole('button', { name: 'Sign out everywhere' }))
    expect(await screen.findByText('The server database could not be reached.')).toBeTruthy()
    expect(screen.getByText('Sign-out failed')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Ingrid Solberg')
  })
})
