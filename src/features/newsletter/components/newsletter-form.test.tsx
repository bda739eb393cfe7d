// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { renderAt, resetApp } from '@/app/test-router'
import { useToasts } from '@/components/ui/toasts/store'
import { serveContentFixture } from '@/mocks/content'

import { md } from '../../../../testing/fixture-site'

// The fixture site with the first page of the Spanish docs (site.config `locales`).
serveContentFixture({ beforeAll, afterAll }, { 'content/es/docs/4.x/1.getting-started/1.intro.md': md({ title: 'Introducción', description: 'Donde empieza Fjord.' }, 'Hola.\n') })

afterEach(() => {
  vi.restoreAllMocks()
  resetApp()
  useToasts.getState().clear()
})

const SPANISH_PAGE = '/es/docs/4.x/getting-started/intro'

/** The footer's form (named by its heading) on the page at `path`, once the page is drawn. */
async function footerForm(path: string, title: string, name: string) {
  renderAt(path)
  await screen.findByRole('heading', { level: 1, name: title })
  return within(screen.getByRole('form', { name }))
}

/**
 * The subscribe request held until `fail` is called, then failing as a lost connection
 * does; every other request goes on to the fixture's handlers.
 */
function holdSubscribe() {
  let fail = () => {}
  const original = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (!url.includes('/newsletter/subscribe')) return original(input, init)
    return new Promise<Response>((_, reject) => {
      fail = () => reject(new TypeError('Failed to fetch'))
    })
  })
  return { fail: () => fail() }
}

/** The subscribe request answered as the server refuses it: `status` with `{statusCode, message, code, retryAfter}`. */
function refuseSubscribe(status: number, body: Record<string, unknown>) {
  const original = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (!url.includes('/newsletter/subscribe')) return original(input, init)
    return Promise.resolve(Response.json({ statusCode: status, ...body }, { status }))
  })
}

const listed = (message: string) => JSON.stringify([{ message }])

async function refusal(path: string, title: string, names: { form: string; email: string; button: string }) {
  const form = await footerForm(path, title, names.form)
  await userEvent.type(form.getByRole('textbox', { name: names.email }), 'lectora@example.com')
  await userEvent.click(form.getByRole('button', { name: names.button }))
  await waitFor(() => expect(useToasts.getState().toasts[0]?.color).toBe('error'))
  return useToasts.getState().toasts[0]?.description
}

const SPANISH = { form: 'Suscríbete a nuestro boletín', email: 'Correo electrónico', button: 'Suscribirse' }
const ENGLISH = { form: 'Subscribe to our newsletter', email: 'Email', button: 'Subscribe' }

describe('the server’s refusals in the page’s language', () => {
  it('says in Spanish that an address is already subscribed, and how long to wait after too many attempts', async () => {
    refuseSubscribe(400, { message: listed('This email address is already subscribed to the newsletter.'), code: 'already-subscribed' })
    expect(await refusal(SPANISH_PAGE, 'Introducción', SPANISH)).toBe('Esta dirección de correo ya está suscrita al boletín.')
    vi.restoreAllMocks()
    resetApp()
    useToasts.getState().clear()
    refuseSubscribe(429, { message: listed('Too many signups from this address. Please try again in 5 minutes.'), code: 'rate-limited', retryAfter: 300 })
    expect(await refusal(SPANISH_PAGE, 'Introducción', SPANISH)).toBe('Demasiados intentos desde esta dirección. Vuelve a intentarlo dentro de 5 minutos.')
  })

  it('shows the server’s own words on a page in the default language, and a refusal without a known code as it came', async () => {
    refuseSubscribe(429, { message: listed('Too many signups from this address. Please try again in 5 minutes.'), code: 'rate-limited', retryAfter: 300 })
    expect(await refusal('/docs/4.x/getting-started/intro', 'Intro', ENGLISH)).toBe('Too many signups from this address. Please try again in 5 minutes.')
    vi.restoreAllMocks()
    resetApp()
    useToasts.getState().clear()
    refuseSubscribe(400, { message: listed('Disposable addresses are not accepted.'), code: 'some-future-code' })
    expect(await refusal(SPANISH_PAGE, 'Introducción', SPANISH)).toBe('Disposable addresses are not accepted.')
  })
})

describe('the footer newsletter form on a Spanish page', () => {
  it('asks in Spanish, and says in Spanish that the subscription is pending', async () => {
    const form = await footerForm(SPANISH_PAGE, 'Introducción', 'Suscríbete a nuestro boletín')
    expect(form.getByText('Mantente al día de las nuevas versiones y funciones, las guías y las novedades de la comunidad de Fjord.')).toBeTruthy()
    const email = form.getByRole('textbox', { name: 'Correo electrónico' })
    expect(email.getAttribute('placeholder')).toBe('tu@ejemplo.com')
    await userEvent.type(email, 'no-es-un-correo')
    expect(await form.findByText('Introduce un correo electrónico válido')).toBeTruthy()
    expect(form.queryByText('Please enter a valid email')).toBeNull()

    await userEvent.clear(email)
    await userEvent.type(email, 'lectora@example.com')
    await userEvent.click(form.getByRole('button', { name: 'Suscribirse' }))
    // On screen, in the toast region, which is named in Spanish too.
    const toasts = await screen.findByRole('list', { name: 'Notificaciones' })
    expect(await within(toasts).findByText('Suscripción pendiente')).toBeTruthy()
    expect(within(toasts).getByText('Revisa tu correo electrónico para confirmar la suscripción.')).toBeTruthy()
  })

  it("reads 'Subscribing' in Spanish while it runs, and says in Spanish that it failed", async () => {
    const request = holdSubscribe()
    const form = await footerForm(SPANISH_PAGE, 'Introducción', 'Suscríbete a nuestro boletín')
    await userEvent.type(form.getByRole('textbox', { name: 'Correo electrónico' }), 'lectora@example.com')
    await userEvent.click(form.getByRole('button', { name: 'Suscribirse' }))
    const button = await form.findByRole('button', { name: 'Suscribiendo' })
    expect(button.hasAttribute('disabled')).toBe(true)
    request.fail()
    await waitFor(() => expect(useToasts.getState().toasts[0]).toMatchObject({ title: 'No se ha podido completar la suscripción', color: 'error' }))
    expect(useToasts.getState().toasts[0]?.description).toBe('Algo ha salido mal. Vuelve a intentarlo más tarde.')
  })
})

describe('the footer newsletter form on a page in the default language', () => {
  it("keeps SPEC's English words: 'Subscribing', then 'Subscription failed' with the generic message", async () => {
    const request = holdSubscribe()
    const form = await footerForm('/docs/4.x/getting-started/intro', 'Intro', 'Subscribe to our newsletter')
    await userEvent.type(form.getByRole('textbox', { name: 'Email' }), 'reader@example.com')
    await userEvent.click(form.getByRole('button', { name: 'Subscribe' }))
    expect(await form.findByRole('button', { name: 'Subscribing' })).toBeTruthy()
    request.fail()
    await waitFor(() => expect(useToasts.getState().toasts[0]?.title).toBe('Subscription failed'))
    expect(useToasts.getState().toasts[0]?.description).toBe('Something went wrong. Please try again later.')
  })
})
