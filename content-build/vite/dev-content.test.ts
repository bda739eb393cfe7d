import { readdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'

import { afterEach, describe, expect, it } from 'vitest'

import { createFixture, type Fixture, md } from '../../testing/fixture-site'
import { createDevContent } from './dev-content'

let fixture: Fixture | undefined
afterEach(async () => {
  await fixture?.cleanup()
  fixture = undefined
})

const page = (title: string, body: string) => md({ title, description: `${title}.` }, body)
const mtime = async (file: string) => (await stat(file)).mtimeMs

describe('the dev server content rebuild', () => {
  it('rewrites only what an edit changed, and removes what a deletion took away', async () => {
    fixture = await createFixture({
      'content/docs/4.x/1.guide/1.intro.md': page('Intro', 'Welcome.\n'),
      'content/docs/4.x/1.guide/2.setup.md': page('Setup', 'Install it.\n'),
      'content/docs/4.x/1.guide/3.extra.md': page('Extra', 'More.\n'),
      'content/blog/1.hello.md': md({ title: 'Hello', date: '2026-01-02', category: 'Release', image: '/a.png', authors: [{ name: 'A' }] }, 'Hi.\n'),
      // The post's image: front-matter images are checked like body images.
      'public/a.png': '',
    })
    const outDir = join(fixture.root, 'dev-dist')
    const content = await createDevContent({ root: fixture.root, config: fixture.config, outDir, env: {} })
    await content.rebuild()
    const payload = (path: string) => join(outDir, ...path.split('/').filter(Boolean), '_payload.json')
    const docsDump = join(outDir, '__content', 'docsv4', 'db.sqlite')
    const blogDump = join(outDir, '__content', 'blog', 'db.sqlite')
    const before = { setup: await mtime(payload('/docs/4.x/guide/setup')), blog: await mtime(blogDump), docs: await mtime(docsDump) }
    await new Promise((resolve) => setTimeout(resolve, 20))

    await fixture.write({ 'content/docs/4.x/1.guide/1.intro.md': page('Intro', 'Welcome back.\n') })
    await content.rebuild()
    const intro = JSON.parse(await readFile(payload('/docs/4.x/guide/intro'), 'utf8')) as { page: { body: { value: string } } }
    expect(intro.page.body.value).toContain('Welcome back.')
    // The docs database is written again; the blog's and an untouched page's payload are not.
    expect(await mtime(docsDump)).toBeGreaterThan(before.docs)
    expect(await mtime(blogDump)).toBe(before.blog)
    expect(await mtime(payload('/docs/4.x/guide/setup'))).toBe(before.setup)
    // A quick gzip beside the dump, and no brotli: the server compresses on request what has none.
    expect(gunzipSync(await readFile(`${docsDump}.gz`)).equals(await readFile(docsDump))).toBe(true)
    await expect(stat(`${docsDump}.br`)).rejects.toThrow()
    const manifest = JSON.parse(await readFile(join(outDir, '__content', 'manifest.json'), 'utf8')) as { collections: Record<string, { checksum: string }> }
    expect(Object.keys(manifest.collections)).toContain('blog')

    await rm(join(fixture.root, 'content/docs/4.x/1.guide/3.extra.md'))
    await content.rebuild()
    await expect(stat(payload('/docs/4.x/guide/extra'))).rejects.toThrow()
    await expect(stat(join(outDir, 'raw', 'docs', '4.x', 'guide', 'extra.md'))).rejects.toThrow()
    await expect(stat(payload('/docs/4.x/guide/intro'))).resolves.toBeDefined()
  })

  it('writes again only the search index files an edit changed, and removes those a deletion left over', async () => {
    // Pages of words of their own, enough for many shards and chunks.
    const words = (n: number) => Array.from({ length: 1000 }, (_, i) => `w${n}x${i}`).join(' ')
    const pages = Object.fromEntries(Array.from({ length: 12 }, (_, n) => [`content/docs/4.x/1.guide/${n + 1}.p${n}.md`, page(`Page ${n}`, `${words(n)}\n`)]))
    fixture = await createFixture(pages)
    const outDir = join(fixture.root, 'dev-dist')
    const searchDir = join(outDir, '__content', 'docsv4', 'search')
    const content = await createDevContent({ root: fixture.root, config: fixture.config, outDir, env: {} })
    await content.rebuild()
    const times = async () => Object.fromEntries(await Promise.all((await readdir(searchDir)).map(async (name) => [name, await mtime(join(searchDir, name))] as const)))
    const indexText = async () => (await Promise.all((await readdir(searchDir)).map((name) => readFile(join(searchDir, name), 'utf8')))).join('')
    const before = await times()
    expect(Object.keys(before).filter((name) => name.startsWith('c')).length).toBeGreaterThan(3)
    await new Promise((resolve) => setTimeout(resolve, 20))

    await fixture.write({ 'content/docs/4.x/1.guide/12.p11.md': page('Page 11', `${words(11)} edited\n`) })
    await content.rebuild()
    const after = await times()
    // The last page's texts are in the last chunk: the chunks before it are as they were.
    const chunks = Object.keys(before)
      .filter((name) => /^c\d+\.json$/.test(name))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    const last = chunks.at(-1) ?? ''
    expect(chunks.filter((name) => after[name] !== before[name])).toEqual([last])
    expect(after['head.json']).not.toBe(before['head.json'])
    expect(await indexText()).toContain('edited')

    await Promise.all(Array.from({ length: 8 }, (_, n) => rm(join(fixture?.root ?? '', `content/docs/4.x/1.guide/${n + 1}.p${n}.md`))))
    await content.rebuild()
    const head = JSON.parse(await readFile(join(searchDir, 'head.json'), 'utf8')) as { shards: unknown[]; chunks: unknown[] }
    expect((await readdir(searchDir)).filter((name) => /^[tc]\d+\.json$/.test(name))).toHaveLength(head.shards.length + head.chunks.length)
    expect(await indexText()).not.toContain('w0x1')
  })

  it("writes a collection's navigation again when only a folder's .navigation.yml changed", async () => {
    fixture = await createFixture({
      'content/docs/4.x/1.guide/.navigation.yml': 'title: Guide\n',
      'content/docs/4.x/1.guide/1.intro.md': page('Intro', 'Welcome.\n'),
    })
    const outDir = join(fixture.root, 'dev-dist')
    const content = await createDevContent({ root: fixture.root, config: fixture.config, outDir, env: {} })
    const navigation = async () => {
      const manifest = JSON.parse(await readFile(join(outDir, '__content', 'manifest.json'), 'utf8')) as { collections: { docsv4: { navigation: { path: string } } } }
      return { url: manifest.collections.docsv4.navigation.path, text: await readFile(join(outDir, '__content', 'docsv4', 'navigation.json'), 'utf8') }
    }
    await content.rebuild()
    const before = await navigation()
    expect(before.text).toContain('"Guide"')
    await fixture.write({ 'content/docs/4.x/1.guide/.navigation.yml': 'title: First steps\n' })
    await content.rebuild()
    const after = await navigation()
    expect(after.text).toContain('"First steps"')
    // A new URL: a browser that kept the old file asks for this one.
    expect(after.url).not.toBe(before.url)
  })
})
