// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { renderAt, resetApp } from '@/app/test-router'

import { isOfflineError } from './index'

/** No connection at all: every request fails before reaching a server. */
const server = setupServer(http.all('*', () => HttpResponse.error()))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(resetApp)
afterAll(() => server.close())

describe('offline', () => {
  it('shows the offline page, not an error code, for a page that needs the network', async () => {
    renderAt('/blog/caching-server-routes')
    expect(await screen.findByRole('heading', { level: 1, name: 'You are offline' })).toBeTruthy()
    expect(screen.getByText(/This page has not been saved in this browser/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: '500' })).toBeNull()
  })

  it('tells a lost connection from other failures', () => {
    expect(isOfflineError(new TypeError('Failed to fetch'))).toBe(true)
    expect(isOfflineError(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(true)
    expect(isOfflineError(new TypeError('Load failed'))).toBe(true)
    expect(isOfflineError(new TypeError('page.title is not a function'))).toBe(false)
    expect(isOfflineError(new TypeError('Failed to fetch dynamically imported module: https://fjord.dev/_app/markdown-body-x.js'))).toBe(false)
    expect(isOfflineError(new Error('HTTP 500 for /_payload.json'))).toBe(false)
  })
})
