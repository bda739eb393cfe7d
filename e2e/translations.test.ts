import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { openReady } from '../testing/browser'
import { useBrowser } from '../testing/public-routes'

const base = inject('baseURL')
const browser = useBrowser({ beforeAll, afterAll })

const open = (path: string) => openReady(browser(), base + path)

const language = (page: import('playwright-core').Page) => page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`)

describe('the docs in another language', () => {
  it('switches to the same page in Spanish and back, the page’s language following', async () => {
    const { page, errors } = await open('/docs/4.x/getting-started/introduction')
    expect(await language(page)).toBe('en ltr')
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/es/docs/4.x/getting-started/introduction')
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Introducción')
    expect(await language(page)).toBe('es ltr')
    // The page's furniture speaks Spanish too (site.config: locales[].ui).
    expect(await page.getByRole('navigation', { name: 'En esta página' }).count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Copiar página' }).getAttribute('title')).toBe('Copiar la página como Markdown')
    expect(await page.getByRole('link', { name: 'Ver como Markdown' }).isVisible()).toBe(true)
    expect(await page.getByRole('navigation', { name: 'Páginas anterior y siguiente' }).textContent()).toContain('Siguiente')
    // The header's docs entries lead into the Spanish docs where a part is translated, into the English ones elsewhere.
    const docsEntries = await page.locator('.header-nav a.menu-link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
    expect(docsEntries).toEqual(expect.arrayContaining(['/es/docs/4.x/getting-started', '/docs/4.x/api']))
    // The sidebar is the Spanish one: the pages translated, in Spanish.
    expect(await page.getByRole('navigation', { name: 'Documentación', exact: true }).getByRole('link').allTextContents()).toEqual(['Introducción', 'Instalación', 'Configuración'])
    // The switcher speaks the page's language, and names each language in its own.
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/docs/4.x/getting-started/introduction')
    expect(await language(page)).toBe('en ltr')
    expect(await page.getByRole('combobox', { name: 'Language' }).locator('option').allTextContents()).toEqual(['English', 'Español'])
    expect(errors).toEqual([])
    await page.close()
  })

  it('goes to the nearest Spanish page, saying so in Spanish, from a page not translated', async () => {
    const { page, errors } = await open('/docs/4.x/getting-started/routing')
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/es/docs/4.x/getting-started/introduction')
    await expect.poll(() => page.getByText('Esta página aún no está traducida: esta es la más cercana.').isVisible()).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })

  it('serves each language’s page in its language, with its alternates, before any script runs', async () => {
    const html = await (await fetch(base + '/es/docs/4.x/getting-started/installation')).text()
    expect(html).toMatch(/<html lang="es" dir="ltr">/)
    expect(html).toContain('En esta página')
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://fjord.dev/docs/4.x/getting-started/installation" />')
    expect(html).toContain('<link rel="alternate" hreflang="es" href="https://fjord.dev/es/docs/4.x/getting-started/installation" />')
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://fjord.dev/docs/4.x/getting-started/installation" />')
    // /es/docs is the Spanish docs' first page, as /docs is the English docs'.
    const docs = await fetch(base + '/es/docs', { redirect: 'manual' })
    expect([301, 302, 307, 308]).toContain(docs.status)
    expect(new URL(docs.headers.get('location') ?? '', base).pathname).toBe('/es/docs/4.x/getting-started/introduction')
  })

  it('mirrors a right-to-left page: sidebar on the right, contents on the left, their lines on the reading side; code stays left to right', async () => {
    const { page, errors } = await open('/es/docs/4.x/getting-started/installation')
    // What a locale with `dir: 'rtl'` (Persian, Arabic) writes on the page's root.
    await page.evaluate(() => (document.documentElement.dir = 'rtl'))
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox()) ?? { x: NaN, width: NaN }
    const [sidebar, main, toc] = await Promise.all([box('.docs-sidebar'), box('.docs-main'), box('.docs-aside')])
    expect(sidebar.x).toBeGreaterThan(main.x + main.width - 1)
    expect(toc.x + toc.width).toBeLessThan(main.x + 1)
    const style = (selector: string, property: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property)
    // The table of contents' line and the sidebar's tree line are on the right, where the lines start.
    expect([await style('.toc a', 'border-right-width'), await style('.toc a', 'border-left-width')]).toEqual(['2px', '0px'])
    expect(await style('.nav-tree-children', 'border-right-width')).toBe('1px')
    expect(await style('.code-block', 'direction')).toBe('ltr')
    expect(await style('.prose p code', 'direction')).toBe('ltr')
    expect(errors).toEqual([])
    await page.close()
  })

  it('searches the Spanish pages on a Spanish page', async () => {
    const { page, errors } = await open('/es/docs/4.x/getting-started/introduction')
    await page.keyboard.press('Control+k')
    const input = page.getByRole('combobox', { name: 'Buscar en la documentación' })
    await expect.poll(() => input.getAttribute('placeholder')).toBe('Escribe un comando o busca...')
    await page.keyboard.type('configuración')
    const first = page.getByRole('listbox').getByRole('option').first()
    await expect.poll(() => first.textContent()).toMatch(/Configuración/)
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/es\/docs\/4\.x\/getting-started\/configuration/)
    await page.keyboard.press('Control+k')
    await page.keyboard.type('zzqqxxj')
    await expect.poll(() => page.getByText('Sin resultados').count()).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('the search palette across languages', () => {
  it('searches every language of the version with its switch, from the keyboard, and labels the other language’s results', async () => {
    const { page, errors } = await open('/es/docs/4.x/getting-started/introduction')
    await page.keyboard.press('Control+k')
    const input = page.getByRole('combobox', { name: 'Buscar en la documentación' })
    await expect.poll(() => input.getAttribute('placeholder')).toBe('Escribe un comando o busca...')
    const toggle = page.getByRole('switch', { name: 'Buscar en todos los idiomas' })
    // The page's language by default: the English pages' guards are not among its results.
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    await page.keyboard.type('guards')
    const english = page
      .getByRole('listbox')
      .getByRole('option')
      .filter({ has: page.locator('.search-language', { hasText: 'English' }) })
    // Once the query's answer has come: its results, or none.
    const answered = async () => (await page.locator('.search-option .search-kind').count()) + (await page.getByText('Sin resultados').count())
    await expect.poll(answered).toBeGreaterThan(0)
    expect(await english.count()).toBe(0)
    // Tab past the close button to the switch, and Space turns it on.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press('Space')
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true')
    await expect.poll(() => english.count()).toBeGreaterThan(0)
    expect(await english.first().locator('[lang="en"]').count()).toBe(1)
    // Choosing one goes to the English page.
    await english.first().click()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/docs\/4\.x\//)
    expect(errors).toEqual([])
    await page.close()
  })

  it('offers no switch on a version read in one language only', async () => {
    const { page, errors } = await open('/docs/3.x/getting-started/introduction')
    await page.keyboard.press('Control+k')
    await page.keyboard.type('guards')
    await expect.poll(() => page.getByRole('listbox').getByRole('option').count()).toBeGreaterThan(0)
    expect(await page.getByRole('switch').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('the interface in Spanish around the docs', () => {
  it('answers a Spanish path that does not exist in Spanish, and leads home to the Spanish docs', async () => {
    const { page } = await open('/es/docs/4.x/getting-started/no-such-page')
    await expect.poll(() => page.locator('main').textContent()).toContain('Página no encontrada: /es/docs/4.x/getting-started/no-such-page')
    await expect.poll(() => page.title()).toBe('Página no encontrada')
    expect(await language(page)).toBe('es ltr')
    await page.getByRole('button', { name: 'Volver al inicio' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/es/docs/4.x/getting-started/introduction')
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Introducción')
    await page.close()
  })

  it('keeps SPEC’s English on the 404 of a path in the default language', async () => {
    const { page } = await open('/docs/4.x/getting-started/no-such-page')
    await expect.poll(() => page.locator('main').textContent()).toContain('Page Not Found: /docs/4.x/getting-started/no-such-page')
    await expect.poll(() => page.title()).toBe('Page not found')
    expect(await page.getByRole('button', { name: 'Back to home' }).count()).toBe(1)
    await page.close()
  })

  it('asks for the newsletter in Spanish in the footer of a Spanish page, without a request for a wrong address', async () => {
    const { page, errors } = await open('/es/docs/4.x/getting-started/introduction')
    const form = page.getByRole('form', { name: 'Suscríbete a nuestro boletín' })
    const email = form.getByRole('textbox', { name: 'Correo electrónico' })
    expect(await email.getAttribute('placeholder')).toBe('tu@ejemplo.com')
    await email.fill('no-es-un-correo')
    await form.getByRole('button', { name: 'Suscribirse' }).click()
    await expect.poll(() => form.getByText('Introduce un correo electrónico válido').count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Copiar el código al portapapeles' }).count()).toBeGreaterThan(0)
    expect(await page.getByRole('link', { name: 'Saltar al contenido' }).count()).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('the blog in another language', () => {
  it('switches a translated post to Spanish and back, its words, dates and next posts in Spanish', async () => {
    const { page, errors } = await open('/blog/fjord-4-1')
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/es/blog/fjord-4-1')
    await expect.poll(() => page.locator('main h1').textContent()).toContain('configuración en tiempo de ejecución tipada')
    expect(await language(page)).toBe('es ltr')
    const header = page.locator('.blog-post-header')
    expect(await header.textContent()).toContain('20 de octubre de 2026')
    expect(await header.textContent()).toMatch(/\d+ min de lectura/)
    expect(await header.getByText('Versión', { exact: true }).count()).toBe(1)
    expect(await page.getByRole('list', { name: 'Autores' }).count()).toBe(1)
    // Newer and older are the Spanish blog's own posts; the header's Blog leads to it.
    const more = page.getByRole('navigation', { name: 'Más artículos' })
    expect(await more.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/es/blog/building-an-api-with-server-routes'])
    expect(await page.locator('.header-nav').getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/es/blog')
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/blog/fjord-4-1')
    expect(await language(page)).toBe('en ltr')
    expect(errors).toEqual([])
    await page.close()
  })

  it('goes to the Spanish blog, saying so, from a post not translated; it lists only the Spanish posts, filtered in Spanish', async () => {
    const { page, errors } = await open('/blog/fjord-4')
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/es/blog')
    await expect.poll(() => page.getByText('Esta página aún no está traducida: esta es la más cercana.').isVisible()).toBe(true)
    expect(await page.locator('main h1').textContent()).toBe('El blog de Fjord')
    const posts = await page.locator('main a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '').filter((href) => /\/blog\/[^.]+$/.test(href)))
    expect(new Set(posts)).toEqual(new Set(['/es/blog/fjord-4-1', '/es/blog/building-an-api-with-server-routes']))
    await page.getByRole('button', { name: /^Tutorial/ }).click()
    await expect.poll(() => page.getByRole('heading', { name: '1 artículo en Tutorial' }).count()).toBe(1)
    expect(await page.getByRole('link', { name: 'RSS' }).getAttribute('href')).toBe('/es/blog/rss.xml')
    // The posts not translated are a link away, in the original blog.
    await page.getByRole('link', { name: 'Todos los artículos, en inglés' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/blog')
    expect(await language(page)).toBe('en ltr')
    expect(errors).toEqual([])
    await page.close()
  })

  it('serves the Spanish blog in Spanish before any script runs, with its alternates and its own feeds', async () => {
    const html = await (await fetch(base + '/es/blog/fjord-4-1')).text()
    expect(html).toMatch(/<html lang="es" dir="ltr">/)
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://fjord.dev/blog/fjord-4-1" />')
    expect(html).toContain('<link rel="alternate" hreflang="es" href="https://fjord.dev/es/blog/fjord-4-1" />')
    expect(html).toContain('href="https://fjord.dev/es/blog/rss.xml"')
    const rss = await fetch(base + '/es/blog/rss.xml')
    expect(rss.status).toBe(200)
    expect(await rss.text()).toContain('<language>es</language>')
    expect((await fetch(base + '/es/blog/no-such-post')).status).toBe(404)
  })
})
