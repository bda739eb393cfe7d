import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { createFixture, type Fixture, md } from '../testing/fixture-site'
import { buildContent } from './build'
import { buildSalt } from './cache'

let fixture: Fixture | undefined
afterEach(async () => {
  await fixture?.cleanup()
  fixture = undefined
})

const files = {
  'content/docs/4.x/1.a.md': md({ title: 'A' }, '## One\n\n```ts\nconst a = 1\n```\n'),
  'content/docs/4.x/2.b.md': md({ title: 'B' }, 'See [A](/docs/a#one).'),
  'content/modules/kit.yml':
    'name: kit\nnpm: fjord-kit\ndescription: Kit.\nicon: kit.svg\ncategory: UI\ntype: other\nrepo: a/kit\nstats:\n  downloads: 1\n  stars: 1\n  publishedAt: 2026-01-01\n  createdAt: 2025-01-01\n',
}

async function build(salt = 'v1') {
  if (!fixture) throw new Error('no fixture')
  const logs: string[] = []
  const out = await buildContent({
    root: fixture.root,
    config: fixture.config,
    env: {},
    cache: { dir: join(fixture.root, '.cache'), salt },
    log: (m) => logs.push(m),
  })
  return { out, reused: Number(/\((\d+) unchanged\)/.exec(logs.join('\n'))?.[1] ?? -1) }
}

describe('build cache', () => {
  it('reuses every unchanged file and produces the same output', async () => {
    fixture = await createFixture(files)
    const first = await build()
    const second = await build()
    expect(first.reused).toBe(0)
    expect(second.reused).toBe(3)
    expect(second.out.contentHash).toBe(first.out.contentHash)
    expect(second.out.collections.map((c) => c.dump.sql)).toEqual(first.out.collections.map((c) => c.dump.sql))
  })

  it('rebuilds only the file that changed', async () => {
    fixture = await createFixture(files)
    await build()
    await fixture.write({ 'content/docs/4.x/2.b.md': md({ title: 'B2' }, 'See [A](/docs/a#one).') })
    const { out, reused } = await build()
    expect(reused).toBe(2)
    expect(out.pages.find((p) => p.path === '/docs/4.x/b')?.row?.title).toBe('B2')
  })

  it('rebuilds a page when a file it imports changes, and only that page', async () => {
    // A VitePress tree: the page shows a snippet file of the tree.
    fixture = await createFixture({
      'content/docs/4.x/.vitepress/config.mjs': 'export default {}\n',
      'content/docs/4.x/snippets/setup.ts': 'export const port = 3000\n',
      'content/docs/4.x/setup.md': md({ title: 'Setup' }, '<<< @/snippets/setup.ts\n'),
      'content/docs/4.x/other.md': md({ title: 'Other' }, 'Text.\n'),
    })
    const code = (out: Awaited<ReturnType<typeof build>>['out']) => JSON.stringify(out.pages.find((p) => p.path === '/docs/4.x/setup')?.row?.body)
    expect(code((await build()).out)).toContain('3000')
    await fixture.write({ 'content/docs/4.x/snippets/setup.ts': 'export const port = 4000\n' })
    const { out, reused } = await build()
    expect(code(out)).toContain('4000')
    expect(reused).toBe(1)
  })

  it('still checks links across cached files', async () => {
    fixture = await createFixture(files)
    await build()
    // A's heading is renamed: B (unchanged, from the cache) now links to a missing anchor.
    await fixture.write({ 'content/docs/4.x/1.a.md': md({ title: 'A' }, '## Renamed\n') })
    await expect(build()).rejects.toThrow('broken anchor "#one"')
  })

  it('resolves module icons once, however often a cached entry is reused', async () => {
    fixture = await createFixture(files)
    await build()
    await build()
    const { out } = await build()
    expect(out.collections.find((c) => c.def.name === 'modules')?.rows[0]?.icon).toBe('/icons/modules/kit.svg')
  })

  it('starts afresh when the build itself changed', async () => {
    fixture = await createFixture(files)
    await build('v1')
    expect((await build('v2')).reused).toBe(0)
  })

  it("salts with every module a result can depend on, in the build's subfolders and the shared contract too", async () => {
    const project = await mkdtemp(join(tmpdir(), 'salt-'))
    try {
      const root = resolve(import.meta.dirname, '..')
      for (const dir of ['content-build', 'src/contract', 'src/lib/content']) {
        await mkdir(join(project, dir), { recursive: true })
        await cp(join(root, dir), join(project, dir), { recursive: true })
      }
      const first = await buildSalt(project, 1)
      expect(await buildSalt(project, 1)).toBe(first)
      const salts = [first]
      for (const file of ['content-build/collections/entry.ts', 'src/contract/search-terms.ts', 'src/lib/content/manifest.ts']) {
        await writeFile(join(project, file), '\n// changed\n', { flag: 'a' })
        salts.push(await buildSalt(project, 1))
      }
      // A test changes nothing the build runs.
      await writeFile(join(project, 'content-build/collections/entry.test.ts'), '// a test\n', { flag: 'a' })
      salts.push(await buildSalt(project, 1))
      expect(new Set(salts).size).toBe(4)
      expect(salts.at(-1)).toBe(salts.at(-2))
    } finally {
      await rm(project, { recursive: true, force: true })
    }
  })

  it('treats a corrupt cache file as empty', async () => {
    fixture = await createFixture(files)
    await build()
    const dir = join(fixture.root, '.cache')
    for (const file of (await readdir(dir)).filter((name) => name.endsWith('.json'))) await writeFile(join(dir, file), '{"salt": "v1", "entr')
    const { out, reused } = await build()
    expect(reused).toBe(0)
    expect(out.pages.length).toBeGreaterThan(0)
  })
})
