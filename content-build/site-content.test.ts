import { resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

import siteConfig from '../site.config'
import { buildContent, type BuildOutput } from './build'

/**
 * The demo site's own content must always build: no schema errors, no dead links, no
 * unknown components, and enough of every collection for each page to show real data.
 */
describe('the demo site content', () => {
  let output: BuildOutput
  it('builds with no errors and no warnings', async () => {
    output = await buildContent({ root: resolve(import.meta.dirname, '..'), config: siteConfig, env: {} })
    expect(output.warnings).toEqual([])
  })

  it('has at least two entries in every collection', () => {
    const counts = Object.fromEntries(output.collections.map((c) => [c.def.name, c.rows.length]))
    for (const name of [
      'index',
      'docsv3',
      'docsv4',
      'blog',
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
    ]) {
      expect(counts[name], name).toBeGreaterThanOrEqual(2)
    }
  })

  it('has at least eight docs pages per version, in the sections of the spec', () => {
    for (const version of ['4.x', '3.x']) {
      const paths = output.pages.filter((p) => p.path.startsWith(`/docs/${version}/`)).map((p) => p.path)
      expect(paths.length).toBeGreaterThanOrEqual(8)
      for (const section of ['getting-started', 'guide', 'api', 'examples', 'community', 'bridge', 'migration']) {
        expect(
          paths.some((p) => p.startsWith(`/docs/${version}/${section}`)),
          `${version} ${section}`,
        ).toBe(true)
      }
    }
  })

  it('gives every listing route a payload with its rows, bodies left out where unused', () => {
    const payload = (path: string) => output.pages.find((p) => p.path === path)
    expect(payload('/team')?.lists?.team?.length).toBeGreaterThanOrEqual(2)
    expect(payload('/design-kit')?.lists?.designKit?.length).toBeGreaterThanOrEqual(2)
    const blog = payload('/blog')
    expect(blog?.row?.title).toBeTruthy()
    expect(blog?.lists?.blog?.every((post) => !('body' in post) && typeof post.title === 'string')).toBe(true)
  })

  it('resolves the fixed documentation paths of the spec', () => {
    const known = new Set([...output.pages.map((p) => p.path), ...Object.keys(output.redirects)])
    for (const path of ['/docs', '/docs/4.x', '/docs/3.x', '/docs/4.x/getting-started', '/docs/4.x/api', '/docs/4.x/guide/concepts', '/support/us']) {
      expect(known.has(path), path).toBe(true)
    }
  })
})
