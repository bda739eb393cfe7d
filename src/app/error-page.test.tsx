// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { md } from '../../testing/fixture-site'
import { serveContentFixture } from '../mocks/content'
import { renderAt, resetApp } from './test-router'

// The fixture site with the first page of the Spanish docs (site.config `locales`).
serveContentFixture({ beforeAll, afterAll }, { 'content/es/docs/4.x/1.getting-started/1.intro.md': md({ title: 'Introducción', description: 'Donde empieza Fjord.' }, 'Hola.\n') })

const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content')

beforeEach(() => {
  // What index.html carries, and the error page rewrites.
  document.head.innerHTML = '<meta name="description" content="A page of the site.">'
})
afterEach(() => {
  resetApp()
  document.documentElement.lang = ''
})

describe('the error page in the default language', () => {
  it("says SPEC's words exactly for a page that fails validation", async () => {
    renderAt('/docs/4.x/getting-started/no-such-page')
    expect(await screen.findByText('Page Not Found: /docs/4.x/getting-started/no-such-page')).toBeTruthy()
    expect(screen.getByRole('main').getAttribute('data-fatal')).toBe('true')
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Page not found'))
    expect(description()).toBe('We are sorry but this page could not be found.')
    expect(document.documentElement.lang).toBe('en')
  })

  it("says SPEC's words exactly for a path no route matches, and Back to home leads to /", async () => {
    const router = renderAt('/no/such/page')
    expect(await screen.findByText('Page not found: /no/such/page')).toBeTruthy()
    expect(screen.getByRole('main').getAttribute('data-fatal')).toBe('false')
    await waitFor(() => expect(document.title).toBe('Page not found'))
    await userEvent.click(screen.getByRole('button', { name: 'Back to home' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})

describe('the error page of a path in another language', () => {
  it('speaks Spanish for a Spanish docs page that does not exist, title and description included', async () => {
    renderAt('/es/docs/4.x/getting-started/no-such-page')
    expect(await screen.findByText('Página no encontrada: /es/docs/4.x/getting-started/no-such-page')).toBeTruthy()
    expect(screen.getByRole('main').getAttribute('data-fatal')).toBe('true')
    await waitFor(() => expect(document.title).toBe('Página no encontrada'))
    expect(description()).toBe('Lo sentimos, pero no hemos podido encontrar esta página.')
    expect(document.documentElement.lang).toBe('es')
    expect(screen.queryByText(/Page not found|Page Not Found/)).toBeNull()
    // Its header and footer speak Spanish too.
    expect(screen.getByText('Saltar al contenido')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Suscríbete a nuestro boletín' })).toBeTruthy()
  })

  it('leads Back to home to the Spanish docs, the home the site has in Spanish', async () => {
    const router = renderAt('/es/no/such/page')
    expect(await screen.findByText('Página no encontrada: /es/no/such/page')).toBeTruthy()
    expect(screen.getByRole('main').getAttribute('data-fatal')).toBe('false')
    await userEvent.click(screen.getByRole('button', { name: 'Volver al inicio' }))
    // The Spanish docs' start, which the build's manifest sends on to their first page (here the app has no build id, so no manifest).
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/es\/docs(\/|$)/))
  })
})
