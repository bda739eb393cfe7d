import { describe, expect, it } from 'vitest'

import siteConfig from '../../site.config'
import { allSections, columnsOn, isRouteOn, menusOn, offRoutes, type Sections, sectionsSchema } from './sections'
import { defineSiteConfig, SiteConfigError } from './site-schema'

const sections = (input: Parameters<typeof sectionsSchema.parse>[0]): Sections => sectionsSchema.parse(input)

describe('the sections config', () => {
  it('has every section on by default, and the demo keeps them all on', () => {
    expect(Object.values(allSections).every((v) => v === true || (typeof v === 'object' && Object.values(v).every(Boolean)))).toBe(true)
    expect(siteConfig.sections).toEqual(allSections)
    expect(sections(undefined)).toEqual(allSections)
  })

  it('switches the enterprise pages one by one, or all at once with false', () => {
    expect(sections({ enterprise: { jobs: false } }).enterprise).toEqual({ overview: true, jobs: false, support: true, sponsors: true, agencies: true })
    expect(sections({ enterprise: false }).enterprise).toEqual({ overview: false, jobs: false, support: false, sponsors: false, agencies: false })
  })

  it('fails on a misspelt section instead of leaving it on, naming the key', () => {
    const attempt = () => defineSiteConfig({ ...siteConfig, sections: { videoCourse: false } as never })
    expect(attempt).toThrow(SiteConfigError)
    expect(attempt).toThrow(/sections: Unrecognized key: "videoCourse"/)
    expect(() => defineSiteConfig({ ...siteConfig, sections: { blog: 'no' } as never })).toThrow(/sections\.blog/)
  })
})

describe('routes of switched-off sections', () => {
  const off = sections({ blog: false, videoCourses: false, newsletter: false, admin: false, enterprise: { overview: false, jobs: false } })

  it('are off with everything below them, the enterprise overview alone', () => {
    for (const path of [
      '/blog',
      '/blog/fjord-4',
      '/blog/rss.xml',
      '/video-courses',
      '/newsletter',
      '/admin',
      '/admin/login',
      '/enterprise',
      '/enterprise/jobs',
      '/blog?x=1',
      '/blog/#top',
    ])
      expect(isRouteOn(off, path), path).toBe(false)
    for (const path of ['/', '/blogs', '/enterprise/support', '/enterprise/agencies/acme', '/docs/4.x/blog', '/templates', 'https://example.com/blog', '#top'])
      expect(isRouteOn(off, path), path).toBe(true)
    expect(offRoutes(allSections)).toEqual([])
  })

  it('take the admin pages of the newsletter and the modules with them', () => {
    expect(isRouteOn(sections({ newsletter: false }), '/admin/subscribers')).toBe(false)
    expect(isRouteOn(sections({ modules: false }), '/admin/modules')).toBe(false)
    expect(isRouteOn(sections({ modules: false }), '/admin')).toBe(true)
  })

  it('leave the header menus and footer columns, and a menu or column left empty goes too', () => {
    const menus = [
      {
        label: 'Resources',
        children: [
          { label: 'Courses', to: '/video-courses' },
          { label: 'Templates', to: '/templates' },
        ],
      },
      {
        label: 'Enterprise',
        children: [
          { label: 'Overview', to: '/enterprise' },
          { label: 'Jobs', to: '/enterprise/jobs' },
        ],
      },
      { label: 'Blog', to: '/blog' },
      { label: 'Certification', to: 'https://cert.example.com' },
    ]
    expect(menusOn(menus, off)).toEqual([
      { label: 'Resources', children: [{ label: 'Templates', to: '/templates' }] },
      { label: 'Certification', to: 'https://cert.example.com' },
    ])
    const columns = [
      {
        label: 'Community',
        children: [
          { label: 'Team', to: '/team' },
          { label: 'Newsletter', to: '/newsletter' },
        ],
      },
      { label: 'Enterprise', children: [{ label: 'Jobs', to: '/enterprise/jobs' }] },
    ]
    expect(columnsOn(columns, off)).toEqual([{ label: 'Community', children: [{ label: 'Team', to: '/team' }] }])
    expect(menusOn(siteConfig.header.menus, allSections)).toEqual(siteConfig.header.menus)
  })
})
