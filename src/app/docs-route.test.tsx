// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { md } from '../../testing/fixture-site'
import { loadMarkdownWithParser } from '../components/markdown'
import { useToasts } from '../components/ui/toasts/store'
import { serveContentFixture } from '../mocks/content'
import { renderAt, resetApp } from './test-router'

// The fixture site with a Spanish page holding a code block and a callout (site.config `locales`).
serveContentFixture(
  { beforeAll, afterAll },
  {
    'content/es/docs/4.x/1.getting-started/1.intro.md': md(
      { title: 'Introducción', description: 'Donde empieza Fjord.' },
      'Hola.\n\n```ts\nconst a = 1\n```\n\n::tip\nUn consejo.\n::\n',
    ),
  },
)
beforeAll(async () => {
  await loadMarkdownWithParser()
})
afterEach(() => {
  resetApp()
  useToasts.getState().clear()
})

describe('a docs page in Spanish', () => {
  it('has its header, sidebar panel, code blocks, callouts and toasts in Spanish', async () => {
    renderAt('/es/docs/4.x/getting-started/intro')
    expect(await screen.findByRole('heading', { level: 1, name: 'Introducción' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: /Versión de la documentación/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Abrir el menú' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Buscar...' })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Ruta de navegación' })).toBeTruthy()
    expect(screen.getByRole('note', { name: 'Consejo' })).toBeTruthy()

    // jsdom has no clipboard: the copy fails, and the toast says so in Spanish.
    await userEvent.click(await screen.findByRole('button', { name: 'Copiar el código al portapapeles' }))
    const toasts = screen.getByRole('list', { name: 'Notificaciones' })
    expect(await within(toasts).findByText('No se ha podido copiar')).toBeTruthy()
    expect(within(toasts).getByText('Tu navegador no ha permitido el acceso al portapapeles.')).toBeTruthy()

    await userEvent.click(screen.getByRole('button', { name: 'Menú de la documentación' }))
    const panel = await screen.findByRole('dialog', { name: 'Documentación' })
    expect(within(panel).getByRole('button', { name: 'Cerrar' })).toBeTruthy()
    expect(screen.queryByText(/^(Copy code to clipboard|Skip to content|Tip|Search\.\.\.)$/)).toBeNull()
  })
})
