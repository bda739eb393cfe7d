import { describe, expect, it, vi } from 'vitest'

import { fillIn, wordsFor } from './ui-words'

// A site whose default locale words one thing its own way, and whose Spanish gives only the title.
vi.mock('../config/site', async () => {
  const { defineSiteConfig } = await import('../contract/site-schema')
  const { default: real } = await import('../../site.config')
  return {
    site: defineSiteConfig({
      ...real,
      locales: [
        { code: 'en', label: 'English', lang: 'en', ui: { backToHome: 'Take me home' } },
        { code: 'es', label: 'Español', lang: 'es', ui: { errorTitle: 'Página no encontrada', pageNotFound: 'No hay ninguna página en {path}' } },
      ],
    }),
  }
})

describe('the words of a page', () => {
  it("are its locale's where it gives them", () => {
    expect(wordsFor('/es/docs/4.x/a')('errorTitle')).toBe('Página no encontrada')
    expect(wordsFor('/es/docs/4.x/a')('pageNotFound', { path: '/es/docs/4.x/a' })).toBe('No hay ninguna página en /es/docs/4.x/a')
  })

  it("are the default locale's where its locale gives none, then English", () => {
    expect(wordsFor('/es/docs/4.x/a')('backToHome')).toBe('Take me home')
    expect(wordsFor('/es/docs/4.x/a')('errorDescription')).toBe('We are sorry but this page could not be found.')
    expect(wordsFor('/es/docs/4.x/a')('pageNotFoundFatal', { path: '/es/x' })).toBe('Page Not Found: /es/x')
  })

  it('are the default locale’s on a path of no other locale', () => {
    expect(wordsFor('/docs/4.x/a')('errorTitle')).toBe('Page not found')
    expect(wordsFor('/docs/4.x/a')('backToHome')).toBe('Take me home')
    expect(wordsFor('/fr/docs/4.x/a')('errorTitle')).toBe('Page not found')
  })
})

describe('filling in a word', () => {
  it('puts each value in place of its name, as written, and leaves a name without a value as it is', () => {
    expect(fillIn('Keep all {pages} pages of {docs}: {size}.', { pages: 12, docs: 'the {size} docs', size: '4 MB' })).toBe('Keep all 12 pages of the {size} docs: 4 MB.')
    expect(fillIn('Página no encontrada: {path}', {})).toBe('Página no encontrada: {path}')
  })
})
