import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createFixture, type Fixture, md } from '../../testing/fixture-site'
import { buildContent } from '../build'
import { writeOutputs } from './write'

let fixture: Fixture
let dist: string

const post = (title: string, date: string, draft = false) =>
  md(
    {
      title,
      description: `About ${title}.`,
      date,
      category: 'Release',
      image: '/assets/blog/a.svg',
      authors: [{ name: 'Ingrid Solberg', to: 'https://github.com/ingrid' }],
      draft,
    },
    'Body.\n',
  )

beforeAll(async () => {
  fixture = await createFixture({
    'content/blog/older.md': post('Older & wiser', '2026-01-10'),
    'content/blog/newer.md': post('Newer', '2026-03-02'),
    'content/blog/secret.md': post('Secret plans', '2026-04-01', true),
    // The posts' image: the build checks that it exists.
    'public/assets/blog/a.svg': '<svg/>',
  })
  dist = join(fixture.root, 'dist')
  await writeOutputs(await buildContent({ root: fixture.root, config: fixture.config, env: {} }), dist, fixture.config, 1)
})
afterAll(() => fixture.cleanup())

describe('the blog feeds', () => {
  it('write RSS 2.0 with every published post, newest first, and no draft', async () => {
    const rss = await readFile(join(dist, 'blog/rss.xml'), 'utf8')
    expect(rss).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/)
    expect(rss).toContain('<link>https://fjord.dev/blog</link>')
    expect(rss.indexOf('<title><![CDATA[Newer]]></title>')).toBeGreaterThan(0)
    expect(rss.indexOf('<title><![CDATA[Newer]]></title>')).toBeLessThan(rss.indexOf('<title><![CDATA[Older & wiser]]></title>'))
    expect(rss).toContain('<link>https://fjord.dev/blog/older</link>')
    expect(rss).toContain('<pubDate>Sat, 10 Jan 2026 00:00:00 GMT</pubDate>')
    expect(rss).not.toContain('Secret plans')
  })

  it('write Atom 1.0 with the same posts, their authors and the self link', async () => {
    const atom = await readFile(join(dist, 'blog/atom.xml'), 'utf8')
    expect(atom).toContain('<feed xmlns="http://www.w3.org/2005/Atom">')
    expect(atom).toContain('<link rel="self" href="https://fjord.dev/blog/atom.xml"/>')
    expect(atom.match(/<entry>/g)).toHaveLength(2)
    expect(atom).toContain('<name>Ingrid Solberg</name>')
    expect(atom).not.toContain('Secret plans')
  })
})
