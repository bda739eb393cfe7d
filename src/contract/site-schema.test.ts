import { describe, expect, it } from 'vitest'

import siteConfig from '../../site.config'
import { defineSiteConfig, SiteConfigError, type SiteConfigInput } from './site-schema'

const valid: SiteConfigInput = siteConfig

describe('site config', () => {
  it('accepts the demo config with both docs versions', () => {
    expect(siteConfig.docs.versions.map((v) => [v.tag, v.shortTag, v.branch, v.tagColor, v.path, v.collection])).toEqual([
      ['4.0.1', 'v4', 'main', 'info', '/docs/4.x', 'docsv4'],
      ['3.17.7', 'v3', '3.x', 'primary', '/docs/3.x', 'docsv3'],
    ])
  })

  it('lists every problem at once with its field path', () => {
    const [v4, v3] = valid.docs.versions
    if (!v4 || !v3) throw new Error('demo config has two versions')
    const broken: SiteConfigInput = {
      ...valid,
      brand: { ...valid.brand, url: 'not a url' },
      docs: { ...valid.docs, versions: [{ ...v4, tag: 'four' }, v3] },
      api: { baseUrl: 'api' },
    }
    const error = (() => {
      try {
        defineSiteConfig(broken)
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(SiteConfigError)
    expect(error instanceof SiteConfigError && error.problems).toEqual([
      expect.stringMatching(/^brand\.url: /),
      'docs.versions.0.tag: must be a semver version such as 4.0.1',
      'api.baseUrl: must be a site path starting with "/" or an http(s) URL',
    ])
  })

  it('serves the site from the root unless a base path is given, which BASE_PATH overrides', () => {
    const { base: _base, ...rootless } = valid
    expect(defineSiteConfig(rootless).base).toBe('/')
    expect(defineSiteConfig({ ...valid, base: 'fjord' }).base).toBe('/fjord/')
    expect(defineSiteConfig({ ...valid, base: '/fjord/' }, { BASE_PATH: '/acme' }).base).toBe('/acme/')
    expect(defineSiteConfig({ ...valid, base: '/fjord/' }, { BASE_PATH: '' }).base).toBe('/fjord/')
    expect(() => defineSiteConfig(valid, { BASE_PATH: '/../up/' })).toThrow(/base: \/\.\.\/up\/ must not hold "\." or "\.\." segments/)
  })

  it('rejects two versions on the same path', () => {
    const [v4] = valid.docs.versions
    if (!v4) throw new Error('demo config has a version')
    expect(() => defineSiteConfig({ ...valid, docs: { ...valid.docs, versions: [v4, { ...v4, collection: 'docsv9', shortTag: 'v9' }] } })).toThrow(
      'docs.versions.1.path: "/docs/4.x" is already used by docs.versions.0',
    )
  })

  it('names a content component written the wrong way, and a file that is not a module', () => {
    const error = (() => {
      try {
        defineSiteConfig({ ...valid, content: { components: { ReleaseCard: 'src/release-card.tsx', 'api-table': '/abs/api-table.vue' } } })
      } catch (e) {
        return e
      }
    })()
    expect(error instanceof SiteConfigError && error.problems).toEqual([
      'content.components.api-table: must be a .tsx, .jsx, .ts or .js file relative to the project, such as src/content-components/browser-support.tsx',
      'content.components.ReleaseCard: must be a component name in kebab-case, as content writes it (::browser-support)',
    ])
  })

  describe('hosting', () => {
    const problems = (run: () => unknown) => {
      try {
        run()
      } catch (e) {
        return e instanceof SiteConfigError ? e.problems : e
      }
      return []
    }

    it('is a server by default, with every section and preview as configured', () => {
      const config = defineSiteConfig(valid, {})
      expect(config.hosting).toBe('server')
      expect([config.sections.newsletter, config.sections.admin, config.preview.api]).toEqual([true, true, '/api/_preview'])
    })

    it('switches off what needs a server on a static site: the newsletter and admin sections, and preview', () => {
      const config = defineSiteConfig({ ...valid, hosting: 'static' }, {})
      expect(config.hosting).toBe('static')
      expect([config.sections.newsletter, config.sections.admin, config.preview.api]).toEqual([false, false, undefined])
      // The other sections stay as they were.
      expect([config.sections.blog, config.sections.modules, config.sections.askAi]).toEqual([true, true, true])
    })

    it('is overridden for a build by SITE_HOSTING, either way', () => {
      expect(defineSiteConfig(valid, { SITE_HOSTING: 'static' }).sections.newsletter).toBe(false)
      expect(defineSiteConfig({ ...valid, hosting: 'static' }, { SITE_HOSTING: 'server' })).toMatchObject({ hosting: 'server', sections: { newsletter: true, admin: true } })
      expect(defineSiteConfig({ ...valid, hosting: 'static' }, { SITE_HOSTING: '' }).hosting).toBe('static')
    })

    it('names a hosting that is neither, in the config or in SITE_HOSTING', () => {
      expect(problems(() => defineSiteConfig(valid, { SITE_HOSTING: 'netlify' }))).toEqual(['SITE_HOSTING: must be server or static, not "netlify"'])
      expect(problems(() => defineSiteConfig({ ...valid, hosting: 'cdn' as never }, {}))).toEqual([expect.stringMatching(/^hosting: /)])
    })
  })
})
