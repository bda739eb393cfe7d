import { describe, expect, it } from 'vitest'

import siteConfig from '../../site.config'
import { blogEditionFor, blogEditions, docsEditions, localeOf, localizedPath, translatables, uiString, unlocalizedPath } from './locales'
import { defineSiteConfig, SiteConfigError, type SiteConfigInput } from './site-schema'

const valid: SiteConfigInput = siteConfig
const withLocales = (locales: SiteConfigInput['locales']) => defineSiteConfig({ ...valid, locales })

const problemsOf = (locales: SiteConfigInput['locales']) => {
  try {
    withLocales(locales)
  } catch (e) {
    if (e instanceof SiteConfigError) return e.problems
    throw e
  }
  return []
}

describe('locales', () => {
  it('are one English locale when the config names none', () => {
    const { locales: _, ...without } = valid
    expect(defineSiteConfig(without).locales).toEqual([{ code: 'en', label: 'English', lang: 'en', dir: 'ltr', docs: {}, ui: {}, labels: {} }])
  })

  it('give each version a translation builds from its own folder, under the locale’s prefix and in a collection of its own', () => {
    const config = withLocales([
      { code: 'en', label: 'English', lang: 'en' },
      { code: 'pt-br', label: 'Português', lang: 'pt-BR', docs: { '4.x': 'content/pt-br/docs/4.x' } },
      { code: 'fa', label: 'فارسی', lang: 'fa-IR', dir: 'rtl', docs: { '4.x': 'i18n/fa/4', '3.x': 'i18n/fa/3' } },
    ])
    expect(docsEditions(config).map(({ path, collection, dir, dirEnv, locale, original }) => ({ path, collection, dir, dirEnv, locale, original }))).toEqual([
      { path: '/docs/4.x', collection: 'docsv4', dir: 'content/docs/4.x', dirEnv: 'DOCS_V4_DIR', locale: 'en', original: '/docs/4.x' },
      { path: '/docs/3.x', collection: 'docsv3', dir: 'content/docs/3.x', dirEnv: 'DOCS_V3_DIR', locale: 'en', original: '/docs/3.x' },
      { path: '/pt-br/docs/4.x', collection: 'docsv4PtBr', dir: 'content/pt-br/docs/4.x', dirEnv: 'DOCS_V4_DIR_PT_BR', locale: 'pt-br', original: '/docs/4.x' },
      { path: '/fa/docs/4.x', collection: 'docsv4Fa', dir: 'i18n/fa/4', dirEnv: 'DOCS_V4_DIR_FA', locale: 'fa', original: '/docs/4.x' },
      { path: '/fa/docs/3.x', collection: 'docsv3Fa', dir: 'i18n/fa/3', dirEnv: 'DOCS_V3_DIR_FA', locale: 'fa', original: '/docs/3.x' },
    ])
    expect(config.locales[2]?.dir).toBe('rtl')
  })

  it('give a locale with translated posts a blog of its own, under its prefix, with its own collection and feeds; the others read the original', () => {
    const config = withLocales([
      { code: 'en', label: 'English', lang: 'en' },
      { code: 'pt-br', label: 'Português', lang: 'pt-BR', blog: 'content/pt-br/blog' },
      { code: 'fa', label: 'فارسی', lang: 'fa-IR', dir: 'rtl', docs: { '4.x': 'i18n/fa/4' } },
    ])
    expect(blogEditions(config)).toEqual([
      { locale: 'en', path: '/blog', collection: 'blog', dir: 'content/blog', original: '/blog', rss: '/blog/rss.xml', atom: '/blog/atom.xml' },
      { locale: 'pt-br', path: '/pt-br/blog', collection: 'blogPtBr', dir: 'content/pt-br/blog', original: '/blog', rss: '/pt-br/blog/rss.xml', atom: '/pt-br/blog/atom.xml' },
    ])
    expect(blogEditionFor(config, '/pt-br/docs/4.x/a').path).toBe('/pt-br/blog')
    expect(blogEditionFor(config, '/fa/docs/4.x/a').path).toBe('/blog')
    expect(blogEditionFor(config, '/modules').path).toBe('/blog')
    expect(translatables(config).map((t) => t.path)).toEqual(['/docs/4.x', '/docs/3.x', '/fa/docs/4.x', '/blog', '/pt-br/blog'])
  })

  it('refuse a blog on the default locale', () => {
    expect(
      problemsOf([
        { code: 'en', label: 'English', lang: 'en', blog: 'content/en/blog' },
        { code: 'es', label: 'Español', lang: 'es', blog: 'content/es/blog' },
      ]),
    ).toEqual(["locales.0.blog: the default locale's blog is content/blog; translations belong to the other locales"])
  })

  it('name every mistake at once: a code used twice or shadowing a path of the site, a version that does not exist, docs on the default locale', () => {
    expect(
      problemsOf([
        { code: 'en', label: 'English', lang: 'en', docs: { '4.x': 'content/en' } },
        { code: 'es', label: 'Español', lang: 'es', docs: { '5.x': 'content/es/5' } },
        { code: 'es', label: 'Español (2)', lang: 'es' },
        { code: 'api', label: 'API', lang: 'en' },
      ]),
    ).toEqual([
      "locales.0.docs.4.x: the default locale's docs are the folders of docs.versions; translations belong to the other locales",
      'locales.1.docs.5.x: no docs version is named 5.x (the versions are 4.x, 3.x)',
      'locales.2.code: "es" is already used by locales.1',
      'locales.3.code: "api" is a path of the site itself (/api/...); use another code',
    ])
    expect(problemsOf([{ code: 'ES', label: 'Español', lang: 'es_ES' }])).toEqual([
      'locales.0.code: must be a lowercase language code such as es or pt-br',
      'locales.0.lang: must be a language tag such as es or fa-IR',
    ])
  })

  it('tell the locale of a path and move a path between locales', () => {
    const config = withLocales([
      { code: 'en', label: 'English', lang: 'en' },
      { code: 'es', label: 'Español', lang: 'es' },
    ])
    expect(localeOf(config, '/es/docs/4.x/a').code).toBe('es')
    expect(localeOf(config, '/es').code).toBe('es')
    expect(localeOf(config, '/docs/4.x/a').code).toBe('en')
    // Only another locale's code is a prefix: a page named like the default locale's code is not.
    expect(localeOf(config, '/en/docs').code).toBe('en')
    expect(unlocalizedPath(config, '/es/docs/4.x/a')).toBe('/docs/4.x/a')
    expect(unlocalizedPath(config, '/es')).toBe('/')
    expect(unlocalizedPath(config, '/blog')).toBe('/blog')
    expect(localizedPath(config, '/docs/4.x/a', 'es')).toBe('/es/docs/4.x/a')
    expect(localizedPath(config, '/', 'es')).toBe('/es')
    expect(localizedPath(config, '/docs/4.x/a', 'en')).toBe('/docs/4.x/a')
  })

  it('speak each locale’s own words, falling back to the default locale’s, then to English', () => {
    const config = withLocales([
      { code: 'en', label: 'English', lang: 'en', ui: { language: 'Language of the docs' } },
      { code: 'es', label: 'Español', lang: 'es', ui: { notTranslated: 'Esta página aún no está traducida.' } },
      { code: 'fr', label: 'Français', lang: 'fr' },
    ])
    expect(uiString(config, 'es', 'notTranslated')).toBe('Esta página aún no está traducida.')
    expect(uiString(config, 'es', 'language')).toBe('Language of the docs')
    expect(uiString(config, 'fr', 'notTranslated')).toBe('This page is not translated yet: here is the nearest one.')
  })
})
