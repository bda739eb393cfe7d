import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { defineSiteConfig, type SiteConfig } from '../../src/contract/site-schema'
import { createFixture, type Fixture, md } from '../../testing/fixture-site'
import { buildContent } from '../build'
import { ContentBuildError } from '../errors'
import { writeOutputs } from '../outputs/write'
import { defineCollections } from './definitions'

let fixture: Fixture | undefined
afterEach(async () => {
  await fixture?.cleanup()
  fixture = undefined
})

const home = md({ title: 'Home', description: 'The home page.' })
const landing = (title: string) => `title: ${title}\ndescription: About ${title}.\n`

/** The fixture's config with `sections` as given (the rest as the demo's). */
const withSections = (config: SiteConfig, sections: NonNullable<Parameters<typeof defineSiteConfig>[0]['sections']>) => defineSiteConfig({ ...config, sections })

async function buildErrors(config: SiteConfig, root: string) {
  const error = await buildContent({ root, config, env: {}, brokenLinks: 'warn' }).catch((e: unknown) => e)
  if (!(error instanceof ContentBuildError)) throw new Error(`expected a ContentBuildError, got ${String(error)}`)
  return error.issues
}

describe('collections of switched sections', () => {
  it('has a collection for every section while all are on, and none for a section that is off', async () => {
    fixture = await createFixture()
    const all = defineCollections(fixture.config, { env: {} }).map((d) => d.name)
    expect(all).toEqual([
      'index',
      'docsv4',
      'docsv3',
      // The Spanish translation of 4.x (site.config.ts: locales).
      'docsv4Es',
      'blog',
      // Its Spanish posts (site.config.ts: locales[1].blog).
      'blogEs',
      'landing',
      'deploy',
      'manualSponsors',
      'support',
      'agencies',
      'templates',
      'showcase',
      'videoCourses',
      'designKit',
      'team',
      'modules',
    ])
    const config = withSections(fixture.config, { blog: false, videoCourses: false, enterprise: { sponsors: false, support: false }, modules: false })
    expect(defineCollections(config, { env: {} }).map((d) => d.name)).toEqual([
      'index',
      'docsv4',
      'docsv3',
      'docsv4Es',
      'landing',
      'deploy',
      'agencies',
      'templates',
      'showcase',
      'designKit',
      'team',
    ])
  })

  it('fails on a missing folder of a section that is on, saying to create it or switch the section off', async () => {
    fixture = await createFixture({ 'content/index/index.md': home })
    await rm(join(fixture.root, 'content/video-courses'), { recursive: true })
    const issues = await buildErrors(fixture.config, fixture.root)
    expect(issues).toEqual([{ file: 'content/video-courses', message: 'the folder is missing: create content/video-courses or set sections.videoCourses: false' }])
  })

  it('names the enterprise page, the docs version and the translation to do without', async () => {
    fixture = await createFixture({ 'content/index/index.md': home })
    await rm(join(fixture.root, 'content/agencies'), { recursive: true })
    await rm(join(fixture.root, 'content/docs/3.x'), { recursive: true })
    await rm(join(fixture.root, 'content/es/docs/4.x'), { recursive: true, force: true })
    const issues = await buildErrors(fixture.config, fixture.root)
    expect(issues.map((i) => i.message)).toEqual([
      'the folder is missing: create content/docs/3.x or remove docs.versions[1] ("Version 3") from site.config.ts',
      'the folder is missing: create content/es/docs/4.x or remove "4.x" from the docs of locale "es" in site.config.ts',
      'the folder is missing: create content/agencies or set sections.enterprise.agencies: false',
    ])
  })

  it('builds without the folders of switched-off sections, leaving their pages, listings and landing headers out', async () => {
    fixture = await createFixture({
      'content/index/index.md': home,
      'content/index/newsletter.md': md({ title: 'Newsletter', description: 'Monthly.' }),
      'content/landing/video-courses.yml': landing('Video courses'),
      'content/landing/showcase.yml': landing('Showcase'),
      'content/landing/enterprise.yml': landing('Enterprise'),
      'content/landing/enterprise/jobs.yml': landing('Jobs'),
      'content/landing/enterprise/support.yml': landing('Support'),
    })
    for (const dir of ['content/video-courses', 'content/blog']) await rm(join(fixture.root, dir), { recursive: true })
    const config = withSections(fixture.config, { videoCourses: false, blog: false, newsletter: false, admin: false, enterprise: { overview: false, jobs: false } })
    const out = await buildContent({ root: fixture.root, config, env: {}, brokenLinks: 'warn' })

    expect(out.collections.map((c) => c.def.name)).not.toContain('videoCourses')
    expect(out.collections.map((c) => c.def.name)).not.toContain('blog')
    const landingRows = out.collections.find((c) => c.def.name === 'landing')?.rows.map((r) => r.path)
    expect(landingRows).toEqual(['/enterprise/support', '/showcase'])
    expect(out.collections.find((c) => c.def.name === 'index')?.rows.map((r) => r.path)).toEqual(['/'])
    for (const gone of ['/video-courses', '/blog', '/newsletter', '/enterprise', '/enterprise/jobs', '/admin/login']) {
      expect(out.prerendered, gone).not.toContain(gone)
      expect(
        out.pages.map((p) => p.path),
        gone,
      ).not.toContain(gone)
    }
    expect(out.prerendered).toEqual(expect.arrayContaining(['/', '/showcase', '/enterprise/support', '/enterprise/agencies', '/templates']))

    // A folder of its own: the build writes its private files beside dist/.
    const work = await mkdtemp(join(tmpdir(), 'sections-dist-'))
    const dist = join(work, 'dist')
    try {
      await writeOutputs(out, dist, config, 1)
      const sitemap = await readFile(join(dist, 'sitemap.xml'), 'utf8')
      expect(sitemap).toContain('<loc>https://fjord.dev/showcase</loc>')
      for (const gone of ['/video-courses', '/blog', '/newsletter', '/enterprise<', '/enterprise/jobs']) expect(sitemap, gone).not.toContain(`https://fjord.dev${gone}`)
      const manifest: unknown = JSON.parse(await readFile(join(dist, '__content/manifest.json'), 'utf8'))
      expect(Object.keys(Object(Reflect.get(Object(manifest), 'collections')))).not.toContain('videoCourses')
    } finally {
      await rm(work, { recursive: true, force: true })
    }
  })
})
