import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createFixture, type Fixture, md } from '../../testing/fixture-site'
import { buildContent, type BuildOutput } from '../build'

let fixture: Fixture
let out: BuildOutput

beforeAll(async () => {
  fixture = await createFixture({
    'public/img/diagram.png': 'png',
    'public/img/diagram@2x.png': 'png',
    'public/img/photo.png': 'png',
    'content/docs/4.x/1.intro.md': md({ title: 'Intro' }, '![Diagram](/img/diagram.png)\n\n![Photo](/img/photo.png)\n'),
  })
  out = await buildContent({ root: fixture.root, config: fixture.config, env: {} })
})
afterAll(() => fixture.cleanup())

describe('images at densities 1 and 2', () => {
  it('records the @2x file beside an image, and nothing for an image without one', () => {
    const body = out.pages.find((p) => p.path === '/docs/4.x/intro')?.row?.body as { images?: Record<string, string> }
    expect(body.images).toEqual({ '/img/diagram.png': '/img/diagram@2x.png' })
  })
})

describe("a docs version's images, for offline downloads", () => {
  it('lists every image its pages show, the @2x files too, with their bytes', () => {
    const docs = out.collections.find((c) => c.def.name === 'docsv4')
    expect(docs?.images).toEqual([
      { path: '/img/diagram.png', bytes: 3 },
      { path: '/img/diagram@2x.png', bytes: 3 },
      { path: '/img/photo.png', bytes: 3 },
    ])
  })
})
