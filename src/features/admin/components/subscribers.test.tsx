// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { renderAt, resetApp } from '@/app/test-router'
import type { AdminSubscriber, AdminSubscribersResponse } from '@/contract/api-schemas'

const created = Date.parse('2026-11-20T10:00:00Z')
const SUBSCRIBERS: AdminSubscriber[] = [
  { id: 1, email: 'reader@example.com', status: 'confirmed', createdAt: created, confirmedAt: created, addressProblem: null },
  { id: 2, email: 'a\u0000b@x.io', status: 'pending', createdAt: created, confirmedAt: null, addressProblem: 'control-character' },
]
/** The list requests the page made, as their search parameters. */
const asked: URLSearchParams[] = []

const server = setupServer(
  http.get('*/api/_auth/session', () => HttpResponse.json({ user: { login: 'ingridsolberg', name: 'Ingrid Solberg' } })),
  http.get('*/api/admin/subscribers', ({ request }) => {
    const params = new URL(request.url).searchParams
    asked.push(params)
    const subscribers = params.get('address') === 'flagged' ? SUBSCRIBERS.filter((s) => s.addressProblem) : SUBSCRIBERS
    return HttpResponse.json({ subscribers, total: subscribers.length, page: 1, perPage: 25, counts: { pending: 1, confirmed: 1, flagged: 1 } } satisfies AdminSubscribersResponse)
  }),
  http.get('*/api/stats', () => HttpResponse.json({ version: '4.0.1', stars: 1, modules: 1, maintainers: 1, contributors: 1 })),
  http.get('*/__content/manifest.json', () => HttpResponse.json({ version: 1, buildId: 'b1', collections: {}, icons: { lucide: '/_icons/lucide.0123456789ab.json' } })),
  http.get('*/_icons/:file', () => HttpResponse.json({ prefix: 'lucide', width: 24, height: 24, icons: {} })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  asked.length = 0
})
afterEach(() => resetApp())
afterAll(() => server.close())

describe('admin subscribers', () => {
  it('flags an address that fails the address rules, spells out its hidden characters, and lists only those on request', async () => {
    const user = userEvent.setup()
    const router = renderAt('/admin/subscribers')
    const flagged = await screen.findByRole('rowheader', { name: /^a<U\+0000>b@x\.io/ })
    expect(flagged.textContent).toContain('The address contains a control character. Nothing is sent to it.')
    expect(screen.getByRole('rowheader', { name: /^reader@example\.com/ }).textContent).not.toContain('Nothing is sent')
    expect(screen.getByRole('button', { name: 'Delete a<U+0000>b@x.io' })).toBeTruthy()

    const notice = screen.getByRole('status')
    expect(notice.textContent).toContain('1 subscriber address fails the address rules: nothing is sent to it.')
    await user.click(within(notice).getByRole('button', { name: 'Show them' }))
    await waitFor(() => expect(router.state.location.search).toBe('?address=flagged'))
    await waitFor(() => expect(asked.at(-1)?.get('address')).toBe('flagged'))
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^reader@example\.com/ })).toBeNull())
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('address=flagged')
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Show all subscribers' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
  })
})
